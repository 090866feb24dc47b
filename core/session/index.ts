export * from './auth-paths.ts';
export * from './session-timeout.ts';
export * from './sign-in-redirect.ts';
