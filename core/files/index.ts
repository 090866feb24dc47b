export * from './file-kinds.ts';
