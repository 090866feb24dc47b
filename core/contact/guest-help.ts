import type { CaseImpact } from '../cases/index.ts';
import type { GuestFlow } from './email-code.ts';

/*
 * The self-help each guest flow offers before reaching people, what its case is filed under,
 * and the checks of what the visitor writes (docs/contact-support.md).
 */

export interface SelfHelpTopic {
  key: string;
  title: string;
  /** A few sentences that solve the common case. */
  guidance: string;
  /** The words the help search finds the topic's articles with. */
  query: string;
}

export const SIGN_IN_HELP: readonly SelfHelpTopic[] = [
  {
    key: 'forgotten-password',
    title: 'I forgot my password',
    guidance:
      'Choose "Forgot password" on the sign-in page and follow the link we e-mail you. The link works for one hour; check your spam folder if it does not arrive within a few minutes.',
    query: 'reset password',
  },
  {
    key: 'locked-account',
    title: 'My account is locked',
    guidance:
      'After several wrong passwords an account locks for 30 minutes to keep it safe. Wait, then sign in or reset your password. Your organisation’s administrator can also unlock you.',
    query: 'account locked',
  },
  {
    key: 'changed-address',
    title: 'My e-mail address changed',
    guidance:
      'Sign in with the address you used before, then change it in your profile. If you no longer receive mail there, ask your organisation’s administrator to change it, or ask us below from the new address.',
    query: 'change email address',
  },
  {
    key: 'single-sign-on',
    title: 'Single sign-on shows an error',
    guidance:
      'Sign out of your organisation’s sign-in page, close the browser and try again. If the error names your organisation’s settings, its administrator can fix them; otherwise note the error’s words and ask us below.',
    query: 'single sign-on error',
  },
];

export const MFA_HELP: readonly SelfHelpTopic[] = [
  {
    key: 'lost-device',
    title: 'I lost the device with my authenticator',
    guidance:
      'Sign in with one of the recovery codes you saved when you set up multi-factor authentication, then set up your new device. Without a code, ask us below: we check who you are first.',
    query: 'lost authenticator device',
  },
  {
    key: 'new-phone',
    title: 'I have a new phone',
    guidance:
      'If your old phone still works, move the authenticator to the new one from its settings before you reset the old phone. If it does not, sign in with a recovery code and set up the new phone.',
    query: 'new phone authenticator',
  },
  {
    key: 'recovery-codes',
    title: 'I need recovery codes',
    guidance:
      'Recovery codes are shown once, when you set up multi-factor authentication; signed in, you can make new ones in your security settings, which makes the old ones stop working.',
    query: 'recovery codes',
  },
];

export function selfHelpOf(flow: GuestFlow): readonly SelfHelpTopic[] {
  if (flow === 'sign-in-help') return SIGN_IN_HELP;
  // A chat's self-help was the assistant's answers, so it offers no topics of its own.
  return flow === 'mfa-help' ? MFA_HELP : [];
}

/** What a guest flow's case is filed under, and how urgent it is to the agents. */
export interface GuestCaseFiling {
  queue: 'customer' | 'identity';
  categoryId: string;
  categoryName: string;
  /** The agents' priority is the impact: a locked-out account holder stops the whole business. */
  impact: CaseImpact;
}

export const GUEST_CASE_FILING: Readonly<Record<GuestFlow, GuestCaseFiling>> = {
  'sign-in-help': {
    queue: 'customer',
    categoryId: 'sign-in',
    categoryName: 'Signing in',
    impact: 'just-me',
  },
  'mfa-help': {
    queue: 'identity',
    categoryId: 'multi-factor-authentication',
    categoryName: 'Multi-factor authentication',
    impact: 'whole-business',
  },
  chat: { queue: 'customer', categoryId: 'chat', categoryName: 'Chat', impact: 'just-me' },
};

export const GUEST_SUBJECT_MAX = 150;
export const GUEST_DESCRIPTION_MAX = 5_000;
export const ANSWER_MAX = 300;

export type GuestProblemField = 'topic' | 'subject' | 'description';

export type GuestProblem =
  | { ok: true; topic: SelfHelpTopic | undefined; subject: string; description: string }
  | { ok: false; field: GuestProblemField; message: string };

/** The visitor's problem as typed: a topic of the flow's own (or none), a subject, the detail. */
export function guestProblem(
  flow: GuestFlow,
  input: { topic: string; subject: string; description: string },
): GuestProblem {
  const topic = selfHelpOf(flow).find((each) => each.key === input.topic);
  if (input.topic !== '' && !topic)
    return { ok: false, field: 'topic', message: 'Choose one of the problems listed.' };
  const subject = input.subject.trim();
  if (subject.length < 5 || subject.length > GUEST_SUBJECT_MAX)
    return {
      ok: false,
      field: 'subject',
      message: `Say in a few words what happens: 5 to ${GUEST_SUBJECT_MAX} characters.`,
    };
  const description = input.description.trim();
  if (description.length < 20 || description.length > GUEST_DESCRIPTION_MAX)
    return {
      ok: false,
      field: 'description',
      message: `Describe what you tried and what you saw: 20 to ${GUEST_DESCRIPTION_MAX} characters.`,
    };
  return { ok: true, topic, subject, description };
}

export interface AccountQuestion {
  id: string;
  label: string;
}

export type AnswerCheck =
  | { ok: true; answers: { question: string; answer: string }[] }
  | { ok: false; field: string; message: string };

/** Every account question answered, each at most ANSWER_MAX characters. */
export function accountAnswers(
  questions: readonly AccountQuestion[],
  typed: (id: string) => string,
): AnswerCheck {
  const answers: { question: string; answer: string }[] = [];
  for (const question of questions) {
    const answer = typed(question.id).trim();
    if (answer === '' || answer.length > ANSWER_MAX)
      return {
        ok: false,
        field: question.id,
        message: `Answer this as well as you can, up to ${ANSWER_MAX} characters; “I don’t know” is an answer too.`,
      };
    answers.push({ question: question.label, answer });
  }
  return { ok: true, answers };
}

/** The answers as the agents' internal note on the case shows them. */
export function answersNote(answers: readonly { question: string; answer: string }[]): string {
  return [
    'Answers to the account questions, for the identity check (not shown to the visitor again):',
    ...answers.map((each) => `${each.question}\n→ ${each.answer}`),
  ].join('\n\n');
}

/** The field a spam robot fills and a person never sees; filled, the form is quietly dropped. */
export const HONEYPOT_FIELD = 'website';

export function isHoneypotFilled(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}
