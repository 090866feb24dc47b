export * from './directory-query.ts';
export * from './distance.ts';
export * from './listing.ts';
export * from './markets.ts';
export * from './messages.ts';
export * from './places.ts';
export * from './registration-numbers.ts';
export * from './vocabularies.ts';
