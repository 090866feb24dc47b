import { z } from 'zod';
import { isValidEmail, isValidTimeOfDay, withoutInvisibleCharacters } from '../validation/index.ts';
import {
  CONTACT_METHODS,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  IMPACTS,
  MESSAGE_MAX,
  RATING_COMMENT_MAX,
  SUBJECT_MAX,
  SUBJECT_MIN,
} from './case-limits.ts';

/*
 * What a case, a message, a rating and an invitation must look like, checked by the server.
 * The limits and choices are in case-limits.ts, which pages load without the validator.
 */

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(min, {
          error: min <= 1 ? `${label} is required.` : `${label} needs at least ${min} characters.`,
        })
        .max(max, { error: `${label} can be at most ${max} characters.` }),
    );

/** A phone number as people type it: an optional +, digits, spaces, dashes, dots, brackets. */
const PHONE_SHAPE = /^\+?[0-9 ().-]+$/;

/** 7 to 15 digits (ITU E.164 allows at most 15), in the characters people type them with. */
export function isValidPhoneNumber(value: string): boolean {
  if (!PHONE_SHAPE.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

/** Minutes since midnight of a valid 'HH:MM[:SS]' time. */
function minutesOf(time: string): number {
  const [hours = '0', minutes = '0'] = time.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** An idempotency key from a form: any opaque token the form was rendered with. */
export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'The form token is not valid; reload the page.' })
  .optional();

/** The describe step: what went wrong, in a subject and a description (Markdown). */
export const caseDescriptionInput = z.object({
  subject: z
    .string({ error: 'Subject is required.' })
    .transform(withoutInvisibleCharacters)
    .pipe(text('Subject', SUBJECT_MIN, SUBJECT_MAX)),
  description: text('Description', DESCRIPTION_MIN, DESCRIPTION_MAX),
  product: z.string().default(''),
});

/** The classification step: a category (a help topic) and optionally one of its sub-topics. */
export const caseClassificationInput = z.object({
  categoryId: z.string({ error: 'Choose a category.' }).min(1, { error: 'Choose a category.' }),
  topicId: z.string().default(''),
});

/** The details step: who is affected and how the support team should get back to them. */
export const caseDetailsInput = z
  .object({
    impact: z.enum(IMPACTS, { error: 'Choose how many people this stops.' }),
    contactMethod: z.enum(CONTACT_METHODS, { error: 'Choose how we should contact you.' }),
    contactEmail: z.string().default(''),
    contactPhone: z.string().default(''),
    callbackFrom: z.string().default(''),
    callbackTo: z.string().default(''),
  })
  .transform((details) => ({
    ...details,
    contactEmail: details.contactEmail.trim(),
    contactPhone: details.contactPhone.trim(),
  }))
  .superRefine((details, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (details.contactMethod === 'email' && !isValidEmail(details.contactEmail))
      problem('contactEmail', 'Enter an e-mail address like name@example.com.');
    if (details.contactMethod !== 'email' && !isValidPhoneNumber(details.contactPhone))
      problem('contactPhone', 'Enter a phone number of 7 to 15 digits, like +61 2 9876 5432.');
    if (details.contactMethod === 'callback') {
      if (!isValidTimeOfDay(details.callbackFrom))
        problem('callbackFrom', 'Enter a time between 00:00 and 23:59.');
      else if (!isValidTimeOfDay(details.callbackTo))
        problem('callbackTo', 'Enter a time between 00:00 and 23:59.');
      else if (minutesOf(details.callbackTo) <= minutesOf(details.callbackFrom))
        problem('callbackTo', 'The window must end after it starts.');
    }
  });

export type CaseDescription = z.output<typeof caseDescriptionInput>;
export type CaseClassification = z.output<typeof caseClassificationInput>;
export type CaseDetails = z.output<typeof caseDetailsInput>;

export const messageInput = z.object({
  body: text('Message', 1, MESSAGE_MAX),
  idempotencyKey,
});

export const ratingInput = z.object({
  score: z.coerce
    .number({ error: 'Choose a rating from 1 to 5.' })
    .int({ error: 'Choose a rating from 1 to 5.' })
    .min(1, { error: 'Choose a rating from 1 to 5.' })
    .max(5, { error: 'Choose a rating from 1 to 5.' }),
  comment: z
    .string()
    .default('')
    .transform((value) => value.trim())
    .pipe(
      z.string().max(RATING_COMMENT_MAX, {
        error: `The comment can be at most ${RATING_COMMENT_MAX} characters.`,
      }),
    ),
});

export const invitationInput = z.object({
  email: z
    .string()
    .transform((value) => value.trim())
    .refine(isValidEmail, { error: 'Enter an e-mail address like name@example.com.' }),
});
