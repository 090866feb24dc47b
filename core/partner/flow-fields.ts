/*
 * The questions of the partner flows and how an answer is checked. A flow screen is a list of
 * fields; an answer is kept as typed so a refused screen shows it again beside its message.
 */

export interface FlowOption {
  value: string;
  label: string;
}

export type FlowField =
  | {
      kind: 'text';
      name: string;
      label: string;
      required: boolean;
      maxLength: number;
      autoComplete?: string;
    }
  | { kind: 'email'; name: string; label: string; required: boolean; autoComplete?: string }
  | { kind: 'phone'; name: string; label: string; required: boolean; autoComplete?: string }
  | { kind: 'url'; name: string; label: string; required: boolean }
  | {
      kind: 'choice';
      name: string;
      label: string;
      required: boolean;
      options: readonly FlowOption[];
    }
  | {
      kind: 'choices';
      name: string;
      label: string;
      required: boolean;
      options: readonly FlowOption[];
    };

/** What a screen's form sent: one value a field, several for a 'choices' field. */
export type FlowAnswers = Readonly<Record<string, readonly string[]>>;

/** A checked screen: the values to keep, or the first message for each refused field. */
export type FlowCheck =
  { ok: true; values: Record<string, string> } | { ok: false; errors: Record<string, string> };

/** Several choices are kept as one text, as the user data carries them: 'Payroll;Inventory'. */
export const CHOICES_SEPARATOR = ';';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

function checkUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

function checkField(
  field: FlowField,
  given: readonly string[],
): { value: string } | { error: string } {
  if (field.kind === 'choices') {
    const picked = [...new Set(given.map((value) => value.trim()).filter((value) => value !== ''))];
    if (picked.length === 0) {
      return field.required
        ? { error: `Choose at least one: ${field.label.toLowerCase()}.` }
        : { value: '' };
    }
    if (picked.some((value) => !field.options.some((option) => option.value === value))) {
      return { error: 'Choose from the options shown.' };
    }
    // Kept in the options' order, so the same choices are always the same text.
    const ordered = field.options.filter((option) => picked.includes(option.value));
    return { value: ordered.map((option) => option.value).join(CHOICES_SEPARATOR) };
  }
  const value = (given[0] ?? '').trim();
  if (value === '')
    return field.required ? { error: `Enter ${field.label.toLowerCase()}.` } : { value };
  switch (field.kind) {
    case 'text':
      return value.length > field.maxLength
        ? { error: `Use at most ${field.maxLength} characters.` }
        : { value };
    case 'email':
      return value.length <= 254 && EMAIL.test(value)
        ? { value }
        : { error: 'Enter an e-mail address like name@example.com.' };
    case 'phone':
      return PHONE.test(value)
        ? { value }
        : { error: 'Enter a phone number of 6 to 20 digits; spaces, brackets, + and - are fine.' };
    case 'url':
      return value.length <= 300 && checkUrl(value)
        ? { value }
        : { error: 'Enter a web address like https://example.com.' };
    case 'choice':
      return field.options.some((option) => option.value === value)
        ? { value }
        : { error: 'Choose from the options shown.' };
  }
}

/** Checks every field of a screen; all messages come back at once. */
export function checkFlowScreen(fields: readonly FlowField[], answers: FlowAnswers): FlowCheck {
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const result = checkField(field, answers[field.name] ?? []);
    if ('error' in result) errors[field.name] = result.error;
    else values[field.name] = result.value;
  }
  return Object.keys(errors).length === 0 ? { ok: true, values } : { ok: false, errors };
}

/** The chosen values of a 'choices' field from its kept text. */
export function splitChoices(kept: string | null | undefined): string[] {
  if (typeof kept !== 'string') return [];
  return kept
    .split(CHOICES_SEPARATOR)
    .map((value) => value.trim())
    .filter((value) => value !== '');
}
