import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  codeExpiry,
  codeOf,
  codePurgeCutoffs,
  codeUsable,
  CODE_MINUTES,
  CODE_REFUSED,
  CODE_TRIES,
  EMAIL_MESSAGE,
  GUEST_CASE_FILING,
  guestAddress,
  proofUsable,
  typedCode,
  type GuestFlow,
} from '~core/contact';
import { escapeHtml } from '~core/content';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import type { CaseReplySettings } from '~server/modules/cases';
import { guestCaseNumber, raiseGuestCase } from '~server/modules/cases';
import { queueMail, type OutgoingMail } from '~server/modules/mail';
import { LIMIT_MESSAGE, withinContactLimit } from './contact-limits.ts';
import * as repository from './email-codes.repository.ts';

/*
 * Help for people who cannot sign in (docs/contact-support.md, decision 026): a code by e-mail
 * proves the visitor holds an address, and the proof raises a case that address owns. No step
 * looks up whether an account has the address, so no answer, e-mail or timing can tell.
 */

export interface GuestHelpContext {
  db: Kysely<Database>;
  now: Date;
  siteUrl: string;
  brand: string;
  /** The key codes are hashed under (derived from SESSION_SECRET). */
  codeKey: Buffer;
  /** The key of the cases' follow links. */
  followKey: Buffer;
  replies?: CaseReplySettings | undefined;
}

export type CodeRequestOutcome =
  | { kind: 'sent'; email: string }
  | { kind: 'invalid'; field: 'email'; message: string }
  | { kind: 'limited'; message: string };

function codeHash(key: Buffer, codeId: string, code: string): string {
  return createHmac('sha256', key).update(`${codeId}:${code}`).digest('hex');
}

const proofHash = (proof: string) => createHash('sha256').update(proof).digest('hex');

function codeMail(
  context: GuestHelpContext,
  id: string,
  email: string,
  code: string,
): OutgoingMail {
  const lines = [
    `Your code for ${context.brand} support is ${code}.`,
    `Type it on the page where you asked for it. It works for ${CODE_MINUTES} minutes.`,
    'If you did not ask for a code, you can ignore this e-mail: nothing happens without it.',
  ];
  return {
    eventKey: `contact-code:${id}`,
    to: email,
    subject: `Your ${context.brand} support code: ${code}`,
    text: ['Hello,', '', ...lines.flatMap((line) => [line, ''])].join('\n'),
    html: ['<p>Hello,</p>', ...lines.map((line) => `<p>${escapeHtml(line)}</p>`)].join('\n'),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * Mails a new code to the address, within the limits per address (3 an hour) and per network
 * address. The answer is the same whether or not an account has the address.
 */
export async function requestEmailCode(
  context: GuestHelpContext,
  request: { flow: GuestFlow; email: string; networkAddress: string },
): Promise<CodeRequestOutcome> {
  const email = guestAddress(request.email);
  if (!email) return { kind: 'invalid', field: 'email', message: EMAIL_MESSAGE };
  if (
    !(await withinContactLimit(context.db, 'codesPerNetwork', request.networkAddress, context.now))
  )
    return { kind: 'limited', message: LIMIT_MESSAGE };
  if (!(await withinContactLimit(context.db, 'codesPerAddress', email, context.now)))
    return {
      kind: 'limited',
      message:
        'We have sent this address 3 codes in the last hour. Use the newest code we sent, or try again in an hour.',
    };
  const id = randomUUID();
  const code = codeOf(randomInt(0, 1_000_000));
  await context.db.transaction().execute(async (trx) => {
    await repository.insertCode(trx, {
      id,
      flow: request.flow,
      email,
      code_hash: codeHash(context.codeKey, id, code),
      created_at: context.now.toISOString(),
      expires_at: codeExpiry(context.now).toISOString(),
      proof_hash: null,
      verified_at: null,
      case_id: null,
    });
    await queueMail(trx, [codeMail(context, id, email, code)], context.now);
  });
  return { kind: 'sent', email };
}

/** Deletes expired codes and spent proofs (the housekeeping job); how many went. */
export async function purgeExpiredCodes(db: Kysely<Database>, now: Date): Promise<number> {
  return repository.deleteSpentCodes(db, codePurgeCutoffs(now));
}

export type CodeCheckOutcome =
  | { kind: 'proved'; proof: string; email: string }
  | { kind: 'invalid'; field: 'email' | 'code'; message: string };

/**
 * Checks a typed code against the address's newest code: each try counts (5 a code), the
 * comparison takes the same time whatever digits are wrong, and the right code gives a proof.
 */
export async function checkEmailCode(
  context: GuestHelpContext,
  request: { flow: GuestFlow; email: string; code: string; networkAddress: string },
): Promise<CodeCheckOutcome> {
  const email = guestAddress(request.email);
  if (!email) return { kind: 'invalid', field: 'email', message: EMAIL_MESSAGE };
  const code = typedCode(request.code);
  if (!code) return { kind: 'invalid', field: 'code', message: 'Type the 6 digits of the code.' };
  if (
    !(await withinContactLimit(context.db, 'triesPerNetwork', request.networkAddress, context.now))
  )
    return { kind: 'invalid', field: 'code', message: LIMIT_MESSAGE };
  const row = await repository.latestCode(context.db, request.flow, email);
  const refused = { kind: 'invalid', field: 'code', message: CODE_REFUSED } as const;
  if (
    !row ||
    !codeUsable(
      { expiresAt: row.expires_at, tries: row.tries, verifiedAt: row.verified_at },
      context.now,
    )
  )
    return refused;
  if (!(await repository.countTry(context.db, row.id, CODE_TRIES))) return refused;
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(context.codeKey, row.id, code), 'hex');
  if (!timingSafeEqual(expected, given)) return refused;
  return proveAddress(context, row.id, email);
}

async function proveAddress(
  context: GuestHelpContext,
  codeId: string,
  email: string,
): Promise<CodeCheckOutcome> {
  const proof = randomBytes(24).toString('base64url');
  const marked = await repository.markVerified(context.db, codeId, {
    hash: proofHash(proof),
    at: context.now.toISOString(),
  });
  return marked
    ? { kind: 'proved', proof, email }
    : { kind: 'invalid', field: 'code', message: CODE_REFUSED };
}

/**
 * The proof for a signed-in visitor whose account's address the identity provider vouched for:
 * they skip the code, and everything after it is the same.
 */
export async function proveAccountAddress(
  context: GuestHelpContext,
  flow: GuestFlow,
  accountEmail: string,
): Promise<CodeCheckOutcome> {
  const email = guestAddress(accountEmail);
  if (!email) return { kind: 'invalid', field: 'email', message: EMAIL_MESSAGE };
  const id = randomUUID();
  await repository.insertCode(context.db, {
    id,
    flow,
    email,
    // No code was mailed: a hash nothing matches, and the row is verified at once below.
    code_hash: codeHash(context.codeKey, id, randomBytes(16).toString('hex')),
    created_at: context.now.toISOString(),
    expires_at: context.now.toISOString(),
    proof_hash: null,
    verified_at: null,
    case_id: null,
  });
  return proveAddress(context, id, email);
}

/** The address a proof was given for, while it is good; undefined otherwise. */
export async function provenAddress(
  context: Pick<GuestHelpContext, 'db' | 'now'>,
  flow: GuestFlow,
  proof: string,
): Promise<string | undefined> {
  if (proof === '' || proof.length > 64) return undefined;
  const row = await repository.findByProof(context.db, flow, proofHash(proof));
  return row && proofUsable(row.verified_at, context.now) ? row.email : undefined;
}

export type GuestCaseOutcome =
  | { kind: 'raised'; caseId: string; caseNumber: string; email: string }
  | { kind: 'expired'; message: string }
  | { kind: 'limited'; message: string };

export const PROOF_EXPIRED =
  'It has been a while since you typed the code. Ask for a new code to go on; what you wrote is kept.';

/**
 * Raises the case the proof allows, once: a form sent twice answers the first case. The case is
 * filed as the flow says (the MFA flow's in the identity queue, high priority).
 */
export async function raiseCaseWithProof(
  context: GuestHelpContext,
  request: {
    flow: GuestFlow;
    proof: string;
    networkAddress: string;
    subject: string;
    description: string;
    topicTitle: string | null;
    internalNote?: string;
  },
): Promise<GuestCaseOutcome> {
  const proofRow = await repository.findByProof(context.db, request.flow, proofHash(request.proof));
  if (!proofRow || !proofUsable(proofRow.verified_at, context.now))
    return { kind: 'expired', message: PROOF_EXPIRED };
  const email = proofRow.email;
  if (proofRow.case_id) {
    const first = await guestCaseNumber(context, proofRow.case_id);
    if (first) return { kind: 'raised', caseId: proofRow.case_id, caseNumber: first, email };
  }
  if (
    !(await withinContactLimit(
      context.db,
      'requestsPerNetwork',
      request.networkAddress,
      context.now,
    ))
  )
    return { kind: 'limited', message: LIMIT_MESSAGE };
  const filing = GUEST_CASE_FILING[request.flow];
  const id = newRecordId('case');
  const raised = await context.db.transaction().execute(async (trx) => {
    if (!(await repository.claimForCase(trx, proofRow.id, id))) return undefined;
    return raiseGuestCase(
      { ...context, db: trx },
      {
        id,
        email,
        queue: filing.queue,
        categoryId: filing.categoryId,
        categoryName: filing.categoryName,
        topicName: request.topicTitle,
        impact: filing.impact,
        subject: request.subject,
        description: request.description,
        ...(request.internalNote ? { internalNote: request.internalNote } : {}),
      },
    );
  });
  if (raised) return { kind: 'raised', caseId: raised.id, caseNumber: raised.caseNumber, email };
  // Another send of the same form claimed the proof first: answer with its case.
  const claimed = await repository.findByProof(context.db, request.flow, proofHash(request.proof));
  const first = claimed?.case_id ? await guestCaseNumber(context, claimed.case_id) : undefined;
  return first && claimed?.case_id
    ? { kind: 'raised', caseId: claimed.case_id, caseNumber: first, email }
    : { kind: 'expired', message: PROOF_EXPIRED };
}
