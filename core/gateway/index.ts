export * from './partner-access.ts';
export * from './remote-methods.ts';
