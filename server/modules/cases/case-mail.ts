import { formatCaseNumber } from '~core/cases';
import { escapeHtml } from '~core/content';
import { fullName } from '~core/ui';
import type { OutgoingMail } from '~server/modules/mail';
import { casePath, invitationPath } from './case-paths.ts';

/*
 * The e-mails of a case. Every message of one case names the same thread root in In-Reply-To
 * and References, so mail programs show the case as one conversation (each message has its own
 * Message-ID from the outbox); the subject carries the case number for the same reason.
 */

export interface MailCase {
  id: string;
  caseNumber: number;
  subject: string;
  /** The case's signed reply address, when replies by e-mail are set up. */
  replyTo?: string | undefined;
}

export interface Recipient {
  /** The user's id, or `address:` and the address of an owner without an account. */
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Where this recipient sees the case instead of the case page: an owner's follow link. */
  caseUrl?: string;
}

/** The thread root every e-mail of the case refers to. */
export function threadRoot(caseId: string, siteUrl: string): string {
  return `<case-${caseId}@${new URL(siteUrl).hostname}>`;
}

function threadHeaders(supportCase: MailCase, siteUrl: string): Record<string, string> {
  const root = threadRoot(supportCase.id, siteUrl);
  return {
    'In-Reply-To': root,
    References: root,
    ...(supportCase.replyTo ? { 'Reply-To': supportCase.replyTo } : {}),
  };
}

function mailSubject(supportCase: MailCase): string {
  return `[Case ${formatCaseNumber(supportCase.caseNumber)}] ${supportCase.subject}`;
}

function compose(
  supportCase: MailCase,
  recipient: Recipient,
  eventKey: string,
  siteUrl: string,
  paragraphs: readonly string[],
  link: { label: string; url: string },
): OutgoingMail {
  const name = fullName(recipient.firstName, recipient.lastName);
  const greeting = name === '' ? 'Hello,' : `Hello ${name},`;
  // An owner without an account sees the case by their follow link, where a rating link's
  // #rating has nothing to point at.
  const target = recipient.caseUrl ? { ...link, url: recipient.caseUrl } : link;
  return {
    eventKey: `${eventKey}:${recipient.userId}`,
    to: recipient.email,
    subject: mailSubject(supportCase),
    text: [
      greeting,
      '',
      ...paragraphs.flatMap((p) => [p, '']),
      `${target.label}: ${target.url}`,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
      `<p><a href="${escapeHtml(target.url)}">${escapeHtml(target.label)}</a></p>`,
    ].join('\n'),
    headers: threadHeaders(supportCase, siteUrl),
  };
}

const caseLink = (supportCase: MailCase, siteUrl: string) => ({
  label: 'See the case',
  url: `${siteUrl}${casePath(supportCase.id)}`,
});

/** The confirmation of a new case, to its owner. */
export function confirmationMail(
  supportCase: MailCase,
  owner: Recipient,
  siteUrl: string,
): OutgoingMail {
  return compose(
    supportCase,
    owner,
    `case-raised:${supportCase.id}`,
    siteUrl,
    [
      `We have your case ${formatCaseNumber(supportCase.caseNumber)}: “${supportCase.subject}”.`,
      owner.caseUrl
        ? 'Our support team will answer soon. Reply to this e-mail, or follow the link to see the case and add anything.'
        : 'Our support team will answer soon. Reply on the case page to add anything.',
    ],
    caseLink(supportCase, siteUrl),
  );
}

/** A public message on the case, to everyone on it but its author. */
export function messageMail(
  supportCase: MailCase,
  recipient: Recipient,
  message: { id: string; authorName: string; body: string },
  siteUrl: string,
): OutgoingMail {
  return compose(
    supportCase,
    recipient,
    `case-message:${message.id}`,
    siteUrl,
    [`${message.authorName} wrote:`, message.body],
    { label: 'Reply on the case page', url: `${siteUrl}${casePath(supportCase.id)}` },
  );
}

/** The case was solved: the link goes to the rating on the case page. */
export function solvedMail(
  supportCase: MailCase,
  recipient: Recipient,
  solvedBy: string,
  eventId: string,
  siteUrl: string,
): OutgoingMail {
  return compose(
    supportCase,
    recipient,
    `case-solved:${eventId}`,
    siteUrl,
    [
      `${solvedBy} marked this case solved.`,
      'If it is not solved, reopen it within 14 days from the case page. How did we do? Rate the help you got.',
    ],
    { label: 'Rate the help', url: `${siteUrl}${casePath(supportCase.id)}#rating` },
  );
}

/** An invitation to follow a case, with its single-use link. */
export function invitationMail(
  supportCase: MailCase,
  invitation: { id: string; email: string; token: string; inviterName: string },
  siteUrl: string,
): OutgoingMail {
  const link = `${siteUrl}${invitationPath(supportCase.id, invitation.token)}`;
  const paragraphs = [
    `${invitation.inviterName} added you to support case ${formatCaseNumber(supportCase.caseNumber)}: “${supportCase.subject}”.`,
    'Open the link and sign in with this e-mail address to see the case and get its e-mails. The link works once, for 7 days.',
  ];
  return {
    eventKey: `case-invitation:${invitation.id}`,
    to: invitation.email,
    subject: mailSubject(supportCase),
    text: ['Hello,', '', ...paragraphs.flatMap((p) => [p, '']), `Open the case: ${link}`].join(
      '\n',
    ),
    html: [
      '<p>Hello,</p>',
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(link)}">Open the case</a></p>`,
    ].join('\n'),
    headers: threadHeaders(supportCase, siteUrl),
  };
}

/**
 * Why a reply by e-mail was not added to a case, to its sender. It names no case: the sender
 * may not be allowed to know about it.
 */
export function refusalMail(
  to: string,
  mailId: string,
  reason: string,
  siteUrl: string,
): OutgoingMail {
  const paragraphs = ['Your e-mail to the support team was not added to a support case.', reason];
  return {
    eventKey: `case-reply-refused:${mailId}`,
    to,
    subject: 'Your e-mail was not delivered to a support case',
    text: ['Hello,', '', ...paragraphs.flatMap((p) => [p, '']), siteUrl].join('\n'),
    html: [
      '<p>Hello,</p>',
      ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
      `<p><a href="${escapeHtml(siteUrl)}">${escapeHtml(siteUrl)}</a></p>`,
    ].join('\n'),
    headers: { 'Auto-Submitted': 'auto-replied', 'In-Reply-To': mailId, References: mailId },
  };
}
