export * from './community-paths.ts';
export * from './external-link.ts';
export * from './glossary-paths.ts';
export * from './page-titles.ts';
export * from './route-contract.ts';
export * from './route-patterns.ts';
export * from './route-table.ts';
export * from './privacy-paths.ts';
