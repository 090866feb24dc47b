export * from './choice.ts';
export * from './consent-cookie.ts';
export * from './consent-mode.ts';
export * from './groups.ts';
export * from './record.schema.ts';
export * from './region-defaults.ts';
export * from './preference-links.ts';
export * from './preferences.ts';
