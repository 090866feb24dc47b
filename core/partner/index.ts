export * from './flows.ts';
export * from './onboarding-cta.ts';
export * from './points-widget.ts';
export * from './suggested-steps.ts';
export * from './tier-celebration.ts';
export * from './tiers.ts';
