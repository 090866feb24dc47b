export * from './cookies.ts';
export * from './site-config.ts';
