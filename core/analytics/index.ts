export * from './consent.ts';
export * from './error-reports.schema.ts';
export * from './error-reports.ts';
export * from './events.schema.ts';
export * from './events.ts';
