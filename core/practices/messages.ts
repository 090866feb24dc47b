import { isValidEmail } from '../validation/index.ts';

/*
 * What visitors send a practice from its listing: a lead (a question to get in touch) and a
 * review. Both are checked here field by field; the banned-words check runs on the server.
 */

export interface LeadInput {
  name: string;
  email: string;
  phone: string;
  message: string;
}

export type LeadField = keyof LeadInput;

export type FieldCheck<Field extends string> =
  { ok: true } | { ok: false; field: Field; message: string };

export const MAX_LEAD_MESSAGE = 2000;
export const MAX_REVIEW_BODY = 2000;

export function checkLead(input: LeadInput): FieldCheck<LeadField> {
  if (input.name.trim() === '' || input.name.length > 120)
    return { ok: false, field: 'name', message: 'Enter your name, up to 120 characters.' };
  if (!isValidEmail(input.email.trim()))
    return { ok: false, field: 'email', message: 'Enter an e-mail address like name@example.com.' };
  if (input.phone.length > 40)
    return { ok: false, field: 'phone', message: 'Enter a phone number of up to 40 characters.' };
  if (input.message.trim().length < 10 || input.message.length > MAX_LEAD_MESSAGE)
    return {
      ok: false,
      field: 'message',
      message: `Tell the practice what you need, in 10 to ${MAX_LEAD_MESSAGE} characters.`,
    };
  return { ok: true };
}

export interface ReviewInput {
  name: string;
  rating: string;
  body: string;
}

export type ReviewField = keyof ReviewInput;

export function checkReview(input: ReviewInput): FieldCheck<ReviewField> {
  if (input.name.trim() === '' || input.name.length > 120)
    return { ok: false, field: 'name', message: 'Enter your name, up to 120 characters.' };
  if (!/^[1-5]$/.test(input.rating))
    return { ok: false, field: 'rating', message: 'Choose a rating from 1 to 5 stars.' };
  if (input.body.trim().length < 10 || input.body.length > MAX_REVIEW_BODY)
    return {
      ok: false,
      field: 'body',
      message: `Write your review in 10 to ${MAX_REVIEW_BODY} characters.`,
    };
  return { ok: true };
}

/** Leads a visitor may send in an hour, to all practices together. */
export const LEADS_PER_HOUR = 5;
