export * from './calendar.ts';
export * from './catalogue.ts';
export * from './learning-kinds.ts';
export * from './certifications.ts';
export * from './recordings.ts';
export * from './schedule.ts';
