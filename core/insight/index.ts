/* Insight for the people who run the portal (docs/insight.md): the area's public face. */
export * from './content-gaps.ts';
export * from './csv.ts';
export * from './dashboards.ts';
export * from './days.ts';
export * from './figures.ts';
export * from './filters.ts';
export * from './plots.ts';
export * from './digest.ts';
export * from './followed-by.ts';
export * from './refinements.ts';
export * from './top-items.ts';
export * from './seeded-random.ts';
