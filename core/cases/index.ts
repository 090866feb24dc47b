export * from './case-access.ts';
export * from './case-input.ts';
export * from './case-limits.ts';
export * from './case-lists.ts';
export * from './case-number.ts';
export * from './case-status.ts';
export * from './partner-categories.ts';
export * from './raise-flow.ts';
export * from './agent-workspace.ts';
export * from './agent-shortcuts.ts';
export * from './inbound-mail.ts';
export * from './case-classifier.ts';
export * from './case-attachments.ts';
// The file rules cases were first written with; other areas take them from core/files.
export * from '../files/index.ts';
export * from './case-proposal.ts';
export * from './case-drafts.ts';
