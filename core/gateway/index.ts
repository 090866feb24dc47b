export * from './remote-methods.ts';
