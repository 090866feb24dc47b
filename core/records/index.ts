export * from './record-id.ts';
