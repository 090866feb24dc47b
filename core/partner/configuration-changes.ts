/*
 * The record of who changed the programme's configuration (docs/partner-programme.md): each
 * admin write that changes something is one entry naming the kind of thing, which one, and a
 * short summary of what changed, old → new for each field that changed.
 */

export const CONFIGURATION_SUBJECTS = [
  { value: 'tier', label: 'Tier threshold' },
  { value: 'earning-rule', label: 'Earning rule' },
  { value: 'onboarding-step', label: 'Onboarding step' },
  { value: 'step-rule', label: 'Suggested step' },
  { value: 'challenge', label: 'Challenge' },
  { value: 'reward', label: 'Reward' },
  { value: 'resource', label: 'Resource' },
] as const;

export type ConfigurationSubject = (typeof CONFIGURATION_SUBJECTS)[number]['value'];

/** The kind a filter names, or undefined for anything else (no filter). */
export function parseConfigurationSubject(
  value: string | null | undefined,
): ConfigurationSubject | undefined {
  return CONFIGURATION_SUBJECTS.find((subject) => subject.value === value)?.value;
}

export function configurationSubjectLabel(value: string): string {
  return CONFIGURATION_SUBJECTS.find((subject) => subject.value === value)?.label ?? value;
}

/** How many entries a page of the record shows. */
export const CONFIGURATION_CHANGES_PAGE_SIZE = 50;

/** A summary stays short: a long text (a description) is cut to this many characters. */
const SHOWN_LENGTH = 60;

/** A value as a summary shows it: one line, cut short, and something rather than nothing. */
export function shownValue(value: string): string {
  const line = value.replace(/\s+/g, ' ').trim();
  if (line === '') return '(empty)';
  return line.length > SHOWN_LENGTH ? `${line.slice(0, SHOWN_LENGTH - 1)}…` : line;
}

/** A record's fields as a summary names them, each value as text. */
export type ShownFields<Field extends string> = Readonly<Record<Field, string>>;

/**
 * What an edit changed, 'Points: 100 → 150; Days valid: for good → 365', in the labels' order;
 * empty when nothing changed, which is then not recorded.
 */
export function editSummary<Field extends string>(
  labels: ShownFields<Field>,
  before: ShownFields<Field>,
  after: ShownFields<Field>,
): string {
  return (Object.keys(labels) as Field[])
    .filter((field) => before[field] !== after[field])
    .map((field) => `${labels[field]}: ${shownValue(before[field])} → ${shownValue(after[field])}`)
    .join('; ');
}

/** What a new record was made with: 'Added: Points 150; Stock no limit'. */
export function additionSummary<Field extends string>(
  labels: ShownFields<Field>,
  values: ShownFields<Field>,
): string {
  const fields = (Object.keys(labels) as Field[]).map(
    (field) => `${labels[field]} ${shownValue(values[field])}`,
  );
  return `Added: ${fields.join('; ')}`;
}

/** A move within an ordered list, by places counted from 1. */
export function moveSummary(from: number, to: number): string {
  return `Moved ${to < from ? 'up' : 'down'}: place ${from} → ${to}`;
}

export const RETIREMENT_SUMMARY = 'Retired';
