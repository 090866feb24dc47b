import type { FlowField } from './flow-fields.ts';
import { UPDATE_ACCOUNT_FINISHED_SCREEN } from './flows.ts';

/*
 * The steps of the personalise flow and the screens of the update-account flow (spec 4
 * 'Personalise flow', 'Update-account flow stage'): which one a partner resumes at and what
 * saving one records.
 */

export interface FlowStep {
  /** 1-based, as the page's 'Step {n} of {total}' counts. */
  number: number;
  title: string;
  intro: string;
  fields: readonly FlowField[];
}

export const PERSONALISE_CLIENT_FIELD = 'PartnerProductInterestClient';
export const PERSONALISE_PRACTICE_FIELD = 'PartnerProductInterestPractice';

export const PERSONALISE_STEPS: readonly FlowStep[] = [
  {
    number: 1,
    title: 'Your clients',
    intro: 'Tell us what your clients use, and we will show you the guides and courses for it.',
    fields: [
      {
        kind: 'choices',
        name: PERSONALISE_CLIENT_FIELD,
        label: 'What your clients use',
        required: true,
        options: [
          { value: 'Invoicing', label: 'Invoicing' },
          { value: 'Bank feeds', label: 'Bank feeds' },
          { value: 'Payroll', label: 'Payroll' },
          { value: 'Inventory', label: 'Inventory' },
          { value: 'Expenses', label: 'Expenses' },
          { value: 'Projects', label: 'Projects' },
          { value: 'Payments', label: 'Payments' },
        ],
      },
    ],
  },
  {
    number: 2,
    title: 'Your practice',
    intro: 'Tell us what your practice offers, and we will suggest the next steps that fit.',
    fields: [
      {
        kind: 'choices',
        name: PERSONALISE_PRACTICE_FIELD,
        label: 'What your practice offers',
        required: true,
        options: [
          { value: 'Bookkeeping', label: 'Bookkeeping' },
          { value: 'Tax', label: 'Tax' },
          { value: 'Payroll services', label: 'Payroll services' },
          { value: 'Advisory', label: 'Advisory' },
          { value: 'Practice management', label: 'Practice management' },
        ],
      },
    ],
  },
];

function isAnswered(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * The step a partner resumes the personalise flow at: the first one not answered, or null
 * once both are.
 */
export function personaliseResumeStep(interests: {
  client: string | null | undefined;
  practice: string | null | undefined;
}): number | null {
  if (!isAnswered(interests.client)) return 1;
  if (!isAnswered(interests.practice)) return 2;
  return null;
}

const PRACTICE_SIZES = [
  { value: '1', label: 'Just me' },
  { value: '2-5', label: '2 to 5 people' },
  { value: '6-20', label: '6 to 20 people' },
  { value: '21+', label: 'More than 20 people' },
] as const;

const CLIENT_COUNTS = [
  { value: '1-10', label: '1 to 10' },
  { value: '11-50', label: '11 to 50' },
  { value: '51-200', label: '51 to 200' },
  { value: '201+', label: 'More than 200' },
] as const;

export const UPDATE_ACCOUNT_SCREENS: readonly FlowStep[] = [
  {
    number: 1,
    title: 'Your practice',
    intro: 'The practice as clients know it.',
    fields: [
      {
        kind: 'text',
        name: 'practiceName',
        label: 'Practice name',
        required: true,
        maxLength: 120,
        autoComplete: 'organization',
      },
      { kind: 'url', name: 'website', label: 'Website', required: false },
    ],
  },
  {
    number: 2,
    title: 'How clients reach you',
    intro: 'Where the programme and your clients can reach the practice.',
    fields: [
      {
        kind: 'email',
        name: 'businessEmail',
        label: 'Business e-mail',
        required: true,
        autoComplete: 'email',
      },
      {
        kind: 'phone',
        name: 'businessPhone',
        label: 'Business phone',
        required: true,
        autoComplete: 'tel',
      },
    ],
  },
  {
    number: 3,
    title: 'Where you work',
    intro: 'The town your practice works from.',
    fields: [
      {
        kind: 'text',
        name: 'city',
        label: 'Town or city',
        required: true,
        maxLength: 80,
        autoComplete: 'address-level2',
      },
      {
        kind: 'text',
        name: 'postcode',
        label: 'Postcode',
        required: true,
        maxLength: 12,
        autoComplete: 'postal-code',
      },
    ],
  },
  {
    number: 4,
    title: 'Your team and clients',
    intro: 'How big the practice is, so we offer the right programme steps.',
    fields: [
      {
        kind: 'choice',
        name: 'practiceSize',
        label: 'People in the practice',
        required: true,
        options: PRACTICE_SIZES,
      },
      {
        kind: 'choice',
        name: 'clientCount',
        label: 'Clients you look after',
        required: true,
        options: CLIENT_COUNTS,
      },
    ],
  },
];

/** 'Screen 3' for the third screen, as the flow details call reports it. */
export function updateAccountScreenName(number: number): string {
  return `Screen ${number}`;
}

function screenNumber(screen: string | null | undefined): number {
  const match = /^Screen ([1-4])$/.exec(screen ?? '');
  return match ? Number(match[1]) : 0;
}

/**
 * The screen a partner resumes the update-account flow at: the one after the last saved, or
 * null once the flow is finished.
 */
export function updateAccountResumeScreen(recorded: string | null | undefined): number | null {
  if (recorded === UPDATE_ACCOUNT_FINISHED_SCREEN) return null;
  return screenNumber(recorded) + 1;
}

/**
 * The screen to record after saving one: the furthest reached, so going back to change an
 * earlier screen never makes a finished flow unfinished again.
 */
export function updateAccountScreenAfterSaving(
  recorded: string | null | undefined,
  saved: number,
): string {
  return updateAccountScreenName(Math.max(screenNumber(recorded), saved));
}

/**
 * A screen may be opened once every screen before it is saved: no skipping ahead to finish the
 * flow without the earlier answers.
 */
export function mayOpenUpdateAccountScreen(
  recorded: string | null | undefined,
  wanted: number,
): boolean {
  return (
    wanted >= 1 && wanted <= UPDATE_ACCOUNT_SCREENS.length && wanted <= screenNumber(recorded) + 1
  );
}

/** The same for the personalise flow: step 2 once step 1 is answered. */
export function mayOpenPersonaliseStep(client: string | null | undefined, wanted: number): boolean {
  if (wanted === 1) return true;
  return wanted === 2 && isAnswered(client);
}
