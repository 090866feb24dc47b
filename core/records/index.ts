export * from './record-id.ts';
export * from './record-prefixes.ts';
