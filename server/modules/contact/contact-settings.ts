import { readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  isTimeZone,
  minutesOfDay,
  type AccountQuestion,
  type BookingCalendar,
  type RegionHours,
} from '~core/contact';
import { REGIONS, type Region } from '~core/regions';

/*
 * Each region's hours for people, its public holidays and its call calendar. The embedded
 * default runs the demo calendar below; CONTACT_SETTINGS_FILE names a JSON file of the same
 * shape that replaces it (docs/contact-support.md).
 */

export interface RegionContact {
  hours: RegionHours;
  calls: BookingCalendar;
}

export type ContactSettings = Readonly<Record<Region, RegionContact>>;

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

const time = z.string().refine((value) => minutesOfDay(value) !== undefined, {
  message: 'times are HH:MM, 00:00 to 24:00',
});

const regionSchema = z.object({
  timeZone: z.string().refine(isTimeZone, { message: 'an IANA time zone such as Europe/London' }),
  hours: z.partialRecord(z.enum(DAYS), z.tuple([time, time])),
  holidays: z.array(z.iso.date()).default([]),
  calls: z.object({
    slotMinutes: z.number().int().min(5).max(240),
    capacity: z.number().int().min(1).max(1000),
    minimumNoticeMinutes: z.number().int().min(0),
    daysAhead: z.number().int().min(1).max(90),
  }),
});

const settingsSchema = z.object({ regions: z.partialRecord(z.enum(REGIONS), regionSchema) });

type RegionInput = z.input<typeof regionSchema>;

function regionContact(input: z.output<typeof regionSchema>): RegionContact {
  const week: Record<number, { open: number; close: number }> = {};
  DAYS.forEach((day, index) => {
    const times = input.hours[day];
    if (times)
      week[index + 1] = { open: minutesOfDay(times[0]) ?? 0, close: minutesOfDay(times[1]) ?? 0 };
  });
  return {
    hours: { timeZone: input.timeZone, week, holidays: input.holidays },
    calls: input.calls,
  };
}

/** The settings from a parsed JSON value; a region left out keeps the demo calendar's. */
export function contactSettingsFrom(value: unknown): ContactSettings {
  const parsed = settingsSchema.parse(value);
  const regions = {} as Record<Region, RegionContact>;
  for (const region of REGIONS) {
    regions[region] = regionContact(regionSchema.parse(parsed.regions[region] ?? DEMO[region]));
  }
  return regions;
}

/**
 * The questions only an account holder can answer, asked by the MFA help flow after the address
 * is proved; the answers go on the case for an agent to check. The file's `accountQuestions`
 * replaces these.
 */
export const DEMO_ACCOUNT_QUESTIONS: readonly AccountQuestion[] = [
  { id: 'organisation', label: 'The name of your business or organisation, as on your invoices' },
  { id: 'started', label: 'About when you started your subscription (month and year)' },
  {
    id: 'payment',
    label: 'The last 4 digits of the card or bank account your subscription is paid from',
  },
];

const questionsSchema = z
  .array(
    z.object({
      id: z
        .string()
        .regex(/^[a-z][a-z0-9-]{0,39}$/, { message: 'ids are lower-case words with dashes' }),
      label: z.string().trim().min(5).max(200),
    }),
  )
  .min(1)
  .max(6);

/** The MFA flow's account questions of a parsed settings file, or the demo's when it has none. */
export function accountQuestionsFrom(value: unknown): readonly AccountQuestion[] {
  const questions = z.object({ accountQuestions: questionsSchema.optional() }).parse(value);
  return questions.accountQuestions ?? DEMO_ACCOUNT_QUESTIONS;
}

/** The account questions of CONTACT_SETTINGS_FILE, or the demo's when none is named. */
export function loadAccountQuestions(file: string | undefined): readonly AccountQuestion[] {
  return accountQuestionsFrom(file ? JSON.parse(readFileSync(file, 'utf8')) : {});
}

/** The settings of CONTACT_SETTINGS_FILE, or the demo calendar when none is named. */
export function loadContactSettings(file: string | undefined): ContactSettings {
  return contactSettingsFrom(file ? JSON.parse(readFileSync(file, 'utf8')) : { regions: {} });
}

const weekdays = (open: string, close: string) =>
  Object.fromEntries(DAYS.slice(0, 5).map((day) => [day, [open, close]])) as RegionInput['hours'];

const calls = { slotMinutes: 30, capacity: 3, minimumNoticeMinutes: 120, daysAhead: 14 };

/** The demo calendar: every region staffed on its working days, with its public holidays. */
const DEMO: Readonly<Record<Region, RegionInput>> = {
  AU: {
    timeZone: 'Australia/Sydney',
    hours: { ...weekdays('08:00', '18:00'), sat: ['09:00', '13:00'] },
    holidays: ['2026-12-25', '2026-12-28', '2027-01-01', '2027-01-26'],
    calls,
  },
  NZ: {
    timeZone: 'Pacific/Auckland',
    hours: weekdays('08:00', '17:00'),
    holidays: ['2026-12-25', '2026-12-28', '2027-01-01', '2027-01-04', '2027-02-08'],
    calls,
  },
  US: {
    timeZone: 'America/New_York',
    hours: weekdays('08:00', '20:00'),
    holidays: ['2026-11-26', '2026-12-25', '2027-01-01', '2027-01-18'],
    calls: { ...calls, capacity: 5 },
  },
  CA: {
    timeZone: 'America/Toronto',
    hours: weekdays('08:00', '18:00'),
    holidays: ['2026-12-25', '2026-12-28', '2027-01-01'],
    calls,
  },
  UK: {
    timeZone: 'Europe/London',
    hours: weekdays('09:00', '17:30'),
    holidays: ['2026-12-25', '2026-12-28', '2027-01-01'],
    calls,
  },
  HK: {
    timeZone: 'Asia/Hong_Kong',
    hours: weekdays('09:00', '18:00'),
    holidays: ['2026-12-25', '2026-12-26', '2027-01-01', '2027-02-06'],
    calls: { ...calls, capacity: 2 },
  },
  SG: {
    timeZone: 'Asia/Singapore',
    hours: weekdays('09:00', '18:00'),
    holidays: ['2026-12-25', '2027-01-01', '2027-02-06'],
    calls: { ...calls, capacity: 2 },
  },
  MY: {
    timeZone: 'Asia/Kuala_Lumpur',
    hours: weekdays('09:00', '18:00'),
    holidays: ['2026-12-25', '2027-01-01', '2027-02-06'],
    calls: { ...calls, capacity: 2 },
  },
  SA: {
    timeZone: 'Africa/Johannesburg',
    hours: weekdays('08:00', '17:00'),
    holidays: ['2026-12-16', '2026-12-25', '2026-12-26', '2027-01-01'],
    calls: { ...calls, capacity: 2 },
  },
  ROW: {
    timeZone: 'UTC',
    hours: weekdays('00:00', '24:00'),
    holidays: ['2026-12-25', '2027-01-01'],
    calls: { ...calls, capacity: 4 },
  },
};
