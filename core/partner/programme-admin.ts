import { SERVICE_JOB_KINDS } from './service-jobs.ts';

/**
 * The checks of the programme's admin forms (docs/partner-programme.md): what an admin types is
 * refused with a message at its field, never stored half-right.
 */

export type AdminFormResult<T> =
  { ok: true; value: T } | { ok: false; field: string; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A form refused at one field, with what to tell the admin there. */
export const refuse = (field: string, message: string) => ({ ok: false, field, message }) as const;

/** A whole number typed in a form, within bounds; undefined when it is not one. */
export function wholeNumber(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : undefined;
}

/** An https address on another site, as typed; undefined for anything else. */
export function httpsAddress(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' && url.hostname.includes('.') ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export const MAX_REWARD_POINTS = 1_000_000;
export const MAX_RULE_POINTS = 100_000;
export const MAX_VALID_DAYS = 3650;
export const MAX_ADJUSTMENT = 100_000;

export interface RewardForm {
  name: string;
  description: string;
  pointsCost: number;
  stock: number | null;
}

export function checkRewardForm(form: {
  name: string;
  description: string;
  pointsCost: string;
  stock: string;
}): AdminFormResult<RewardForm> {
  const name = form.name.trim();
  const description = form.description.trim();
  if (name === '' || name.length > 120)
    return refuse('name', 'Give the reward a name of up to 120 characters.');
  if (description === '' || description.length > 500)
    return refuse('description', 'Describe the reward in up to 500 characters.');
  const pointsCost = wholeNumber(form.pointsCost, 1, MAX_REWARD_POINTS);
  if (pointsCost === undefined)
    return refuse(
      'pointsCost',
      `Points must be a whole number from 1 to ${MAX_REWARD_POINTS.toLocaleString('en')}.`,
    );
  if (form.stock.trim() === '')
    return { ok: true, value: { name, description, pointsCost, stock: null } };
  const stock = wholeNumber(form.stock, 0, 100_000);
  if (stock === undefined)
    return refuse(
      'stock',
      'Stock must be a whole number from 0 to 100,000, or empty for no limit.',
    );
  return { ok: true, value: { name, description, pointsCost, stock } };
}

export function checkEarningRuleForm(form: {
  points: string;
  validDays: string;
}): AdminFormResult<{ points: number; validDays: number | null }> {
  const points = wholeNumber(form.points, 0, MAX_RULE_POINTS);
  if (points === undefined)
    return refuse(
      'points',
      `Points must be a whole number from 0 to ${MAX_RULE_POINTS.toLocaleString('en')}.`,
    );
  if (form.validDays.trim() === '') return { ok: true, value: { points, validDays: null } };
  const validDays = wholeNumber(form.validDays, 1, MAX_VALID_DAYS);
  if (validDays === undefined)
    return refuse(
      'validDays',
      `Days must be a whole number from 1 to ${MAX_VALID_DAYS}, or empty for points that never lapse.`,
    );
  return { ok: true, value: { points, validDays } };
}

export function checkAdjustmentForm(form: {
  email: string;
  points: string;
  reason: string;
}): AdminFormResult<{ email: string; points: number; reason: string }> {
  const email = form.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254)
    return refuse('email', "Enter the partner's e-mail address, like name@example.com.");
  const points = wholeNumber(form.points, -MAX_ADJUSTMENT, MAX_ADJUSTMENT);
  if (points === undefined || points === 0)
    return refuse(
      'points',
      `Points must be a whole number from -${MAX_ADJUSTMENT.toLocaleString('en')} to ${MAX_ADJUSTMENT.toLocaleString('en')}, not 0.`,
    );
  const reason = form.reason.trim();
  if (reason.length < 3 || reason.length > 200)
    return refuse('reason', 'Say why in 3 to 200 characters: the partner sees it in their ledger.');
  return { ok: true, value: { email, points, reason: `Adjusted: ${reason}` } };
}

export interface ServiceJobOffer {
  title: string;
  kind: string;
  description: string;
  clientName: string;
  clientEmail: string;
}

export function checkServiceJobOffer(form: ServiceJobOffer): AdminFormResult<ServiceJobOffer> {
  const title = form.title.trim();
  const description = form.description.trim();
  const clientName = form.clientName.trim();
  const clientEmail = form.clientEmail.trim().toLowerCase();
  if (title === '' || title.length > 120)
    return refuse('title', 'Give the job a title of up to 120 characters.');
  if (!SERVICE_JOB_KINDS.some((kind) => kind.value === form.kind))
    return refuse('kind', 'Choose what kind of job it is.');
  if (description === '' || description.length > 2000)
    return refuse('description', 'Describe the job in up to 2,000 characters.');
  if (clientName === '' || clientName.length > 120)
    return refuse('clientName', "Enter the client's name, up to 120 characters.");
  if (!EMAIL.test(clientEmail) || clientEmail.length > 254)
    return refuse('clientEmail', "Enter the client's e-mail address, like name@example.com.");
  return { ok: true, value: { title, kind: form.kind, description, clientName, clientEmail } };
}

/** The programme's admin pages, outside the spec's route table. */
export const PARTNER_ADMIN_PATHS = {
  programme: '/admin/partners',
  rewards: '/admin/partners/rewards',
  points: '/admin/partners/points',
  serviceJobs: '/admin/partners/service-jobs',
  challenges: '/admin/partners/challenges',
  onboarding: '/admin/partners/onboarding',
  resources: '/admin/partners/resources',
  changes: '/admin/partners/changes',
  changesCsv: '/admin/partners/changes.csv',
} as const;
