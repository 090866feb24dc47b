import { isExternalUrl, VARIANT_ROOT } from '../routes/index.ts';

/**
 * Suggested next steps, the partner checklist (spec 2.7, 3 'Recommendation / suggested action
 * record' and 'Suggested step as shown', 4 'Suggested-step due label' and 'action button').
 */

/** The strategy the partner checklist asks executeNBAFlowCurrentUser for. */
export const PARTNER_SUGGESTED_STEPS_STRATEGY = 'Partner_Suggested_Steps';

/** A recommendation record as the server sends it; field names are the platform's. */
export interface RecommendationRecord {
  Id: string;
  Name: string;
  Description: string | null;
  Complete__c: boolean;
  Mandatory__c: boolean;
  Dismissed__c: boolean;
  /** A date (YYYY-MM-DD), or a full ISO-8601 time. */
  Due_Date__c: string | null;
  Redirect_URL__c: string | null;
  Points__c: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Spec 4 'Suggested-step due label', in the spec's order. A date without a time is read as the
 * start of that day in UTC, so a step is overdue from the start of its due date. An unreadable
 * date counts as no due date.
 */
export function dueLabel(record: RecommendationRecord, now: Date): string {
  if (record.Complete__c) return 'Completed';
  if (!record.Mandatory__c) return 'Optional';
  const due = record.Due_Date__c === null ? Number.NaN : Date.parse(record.Due_Date__c);
  if (Number.isNaN(due)) return 'No due date';
  if (due <= now.getTime()) return 'Overdue';
  const days = Math.round((due - now.getTime()) / DAY_MS);
  // Spec 5 'Plurals': 's' unless the count is 1, so a step due within half a day reads 'Due 0 days'.
  return `Due ${days} ${days === 1 ? 'day' : 'days'}`;
}

export type SuggestedStepActionType = 'todo' | 'completed' | 'dismissed';

export const SUGGESTED_STEP_ACTION_TYPES: readonly SuggestedStepActionType[] = [
  'todo',
  'completed',
  'dismissed',
];

/** The group a step is listed in; a completed step stays completed even if it was dismissed. */
export function actionTypeOf(record: RecommendationRecord): SuggestedStepActionType {
  if (record.Complete__c) return 'completed';
  if (record.Dismissed__c) return 'dismissed';
  return 'todo';
}

export type ActionButtonEventType = 'dismiss' | 'restore';

export interface ActionButton {
  eventType: ActionButtonEventType;
  label: 'Dismiss step' | 'Un-dismiss step';
  icon: 'cross' | 'plus';
}

/** Spec 4 'Suggested-step action button': only optional, unfinished steps can be dismissed. */
export function actionButtonOf(record: RecommendationRecord): ActionButton | null {
  if (record.Complete__c || record.Mandatory__c) return null;
  return record.Dismissed__c
    ? { eventType: 'restore', label: 'Un-dismiss step', icon: 'plus' }
    : { eventType: 'dismiss', label: 'Dismiss step', icon: 'cross' };
}

/** A step as the checklist shows it (spec 3 'Suggested step as shown'). */
export interface SuggestedStep {
  id: string;
  title: string;
  linkText: string;
  completed: boolean;
  due: string;
  url: string | null;
  points: number | null;
  dismissed: boolean;
  highlighted: false;
  payload: RecommendationRecord;
  actionType: SuggestedStepActionType;
  actionButtonEventType: ActionButtonEventType | null;
  actionButtonLabel: ActionButton['label'] | null;
  actionButtonIcon: ActionButton['icon'] | null;
  showActionButton: boolean;
  /** Following a step records the accept reaction before the link is followed. */
  preventDefault: boolean;
  openInNewWindow: boolean;
}

export function toSuggestedStep(
  record: RecommendationRecord,
  now: Date,
  currentHost: string,
): SuggestedStep {
  const button = actionButtonOf(record);
  const url = record.Redirect_URL__c;
  return {
    id: record.Id,
    title: record.Name,
    linkText: record.Description ?? '',
    completed: record.Complete__c,
    due: dueLabel(record, now),
    url,
    points: record.Points__c,
    dismissed: record.Dismissed__c,
    highlighted: false,
    payload: record,
    actionType: actionTypeOf(record),
    actionButtonEventType: button?.eventType ?? null,
    actionButtonLabel: button?.label ?? null,
    actionButtonIcon: button?.icon ?? null,
    showActionButton: button !== null,
    preventDefault: true,
    openInNewWindow: url !== null && isExternalUrl(url, currentHost),
  };
}

export type SuggestedStepGroups<T> = Record<SuggestedStepActionType, T[]>;

/** Spec 2.7: steps are grouped by action type, each group keeping the server's order. */
export function groupByActionType<T extends { payload: RecommendationRecord }>(
  steps: readonly T[],
): SuggestedStepGroups<T> {
  const groups: SuggestedStepGroups<T> = { todo: [], completed: [], dismissed: [] };
  for (const step of steps) groups[actionTypeOf(step.payload)].push(step);
  return groups;
}

/**
 * Following a step goes through the portal, which records the accept reaction (spec 4) and
 * sends the partner on to the step's link: `/0/partners/suggestions/{id}/follow`.
 */
export const PARTNER_STEP_FOLLOW_PATTERN = `${VARIANT_ROOT.lwr}/partners/suggestions/:stepId/follow`;

export function partnerStepFollowPath(stepId: string): string {
  return PARTNER_STEP_FOLLOW_PATTERN.replace(':stepId', encodeURIComponent(stepId));
}
