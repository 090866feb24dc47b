export * from './email.ts';
export * from './invisible-characters.ts';
export * from './times.ts';
export * from './file-types.ts';
