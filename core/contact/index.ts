/* The contact flows' rules (docs/contact-support.md): the area's public face. */
export * from './booking-slots.ts';
export * from './callback-window.ts';
export * from './contact-topics.ts';
export * from './contact-ways.ts';
export * from './opening-hours.ts';
export * from './phone.ts';
export * from './zoned-time.ts';
export * from './chat.ts';
export * from './email-code.ts';
export * from './guest-help.ts';
export * from './deflection-window.ts';
