export * from './banned-words.ts';
export * from './discussion-tabs.ts';
export * from './posting-rules.ts';
export * from './posting-limits.ts';
export type * from './views.ts';
export * from './digest.ts';
