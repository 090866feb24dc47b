export * from './case-access.ts';
export * from './case-input.ts';
export * from './case-limits.ts';
export * from './case-lists.ts';
export * from './case-number.ts';
export * from './case-status.ts';
export * from './partner-categories.ts';
export * from './raise-flow.ts';
