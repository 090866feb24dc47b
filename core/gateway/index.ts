export * from './remote-methods.ts';
export * from './remote-method-params.ts';
