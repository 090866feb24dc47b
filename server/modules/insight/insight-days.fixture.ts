/* The days, hubs and people the insight figures' seed is written in, and its ids and times. */

export const DAY1 = '2026-11-25';
export const DAY2 = '2026-11-26';
/** After the range: its events are read only as what came after a day of the range. */
export const DAY3 = '2026-11-27';
export const NOW = new Date('2026-11-26T23:00:00.000Z');
export const HUB = 'DEMO_GlobalSearch';
export const LEARN = 'DEMO_LearningSearch';
export const RANGE = { from: DAY1, to: DAY2 };

export const people = { owner: '', agent: '', admin: '' };

let sequence = 0;
export const id = (prefix: string) => `${prefix}-${(sequence += 1)}`;
export const at = (day: string, time: string) => `${day}T${time}.000Z`;
