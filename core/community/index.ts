export * from './banned-words.ts';
export * from './posting-rules.ts';
