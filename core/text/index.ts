export * from './folding.ts';
