/*
 * Managed-service jobs: work the provider offers partner practices for a client (a migration
 * from another product, a set-up). One practice takes a job; its people move it through the
 * steps and complete it with notes; the client then rates the work once.
 */

export const SERVICE_JOB_STATUSES = ['offered', 'accepted', 'in-progress', 'completed'] as const;
export type ServiceJobStatus = (typeof SERVICE_JOB_STATUSES)[number];

export const SERVICE_JOB_KINDS = [
  { value: 'migration', label: 'Migration' },
  { value: 'set-up', label: 'Set-up' },
] as const;
export type ServiceJobKind = (typeof SERVICE_JOB_KINDS)[number]['value'];

export const SERVICE_JOB_STATUS_LABEL: Readonly<Record<ServiceJobStatus, string>> = {
  offered: 'Offered',
  accepted: 'Accepted',
  'in-progress': 'In progress',
  completed: 'Completed',
};

export function parseServiceJobStatus(value: string): ServiceJobStatus | undefined {
  return (SERVICE_JOB_STATUSES as readonly string[]).includes(value)
    ? (value as ServiceJobStatus)
    : undefined;
}

export function serviceJobKindLabel(kind: string): string {
  return SERVICE_JOB_KINDS.find((each) => each.value === kind)?.label ?? kind;
}

/** What the practice's people do next: each step moves a job from one status to the next. */
export type ServiceJobStep = 'accept' | 'start' | 'complete';

const STEP_FROM: Readonly<Record<ServiceJobStep, ServiceJobStatus>> = {
  accept: 'offered',
  start: 'accepted',
  complete: 'in-progress',
};
const STEP_TO: Readonly<Record<ServiceJobStep, ServiceJobStatus>> = {
  accept: 'accepted',
  start: 'in-progress',
  complete: 'completed',
};

export const serviceJobStepFrom = (step: ServiceJobStep): ServiceJobStatus => STEP_FROM[step];
export const serviceJobStepTo = (step: ServiceJobStep): ServiceJobStatus => STEP_TO[step];

/** The step a job in this status waits for; null once completed. */
export function nextServiceJobStep(status: ServiceJobStatus): ServiceJobStep | null {
  const step = (Object.keys(STEP_FROM) as ServiceJobStep[]).find(
    (each) => STEP_FROM[each] === status,
  );
  return step ?? null;
}

/**
 * Who may see a job: an offer is open to every partner practice; once taken, only the people
 * of the practice that took it see it.
 */
export function serviceJobVisibleTo(
  job: { status: ServiceJobStatus; practiceId: string | null },
  practiceId: string | null,
): boolean {
  if (job.status === 'offered') return true;
  return practiceId !== null && job.practiceId === practiceId;
}

export const COMPLETION_NOTES_MAX = 2000;
export const RATING_COMMENT_MAX = 1000;

export type FieldCheck<T> = { ok: true; value: T } | { ok: false; message: string };

export function checkCompletionNotes(notes: string): FieldCheck<string> {
  const value = notes.trim();
  if (value === '') return { ok: false, message: 'Say what was done for the client.' };
  if (value.length > COMPLETION_NOTES_MAX) {
    return { ok: false, message: `Keep the notes to ${COMPLETION_NOTES_MAX} characters.` };
  }
  return { ok: true, value };
}

export type RatingCheck =
  | { ok: true; value: { stars: number; comment: string | null } }
  | { ok: false; field: 'stars' | 'comment'; message: string };

export function checkRating(stars: string, comment: string): RatingCheck {
  const value = /^[1-5]$/.test(stars) ? Number(stars) : undefined;
  if (value === undefined) {
    return { ok: false, field: 'stars', message: 'Choose from 1 to 5 stars.' };
  }
  const text = comment.trim();
  if (text.length > RATING_COMMENT_MAX) {
    return {
      ok: false,
      field: 'comment',
      message: `Keep the comment to ${RATING_COMMENT_MAX} characters.`,
    };
  }
  return { ok: true, value: { stars: value, comment: text === '' ? null : text } };
}
