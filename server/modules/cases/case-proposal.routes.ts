import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CASE_PROPOSAL_API, DESCRIPTION_MAX, SUBJECT_MAX } from '~core/cases';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { BODY_LIMITS } from '~server/http/body-limits.ts';
import { SIGNED_IN_POLICY } from '~server/http/cache-policy.ts';
import { parseJsonBodies, validatedBody } from '~server/http/json-body.ts';
import { enableRateLimits, perVisitorLimit } from '~server/http/rate-limit.ts';
import { proposeCategory } from './case-proposal.service.ts';

/**
 * Per session and minute. The describe step asks at most once a pause in typing
 * (PROPOSAL_PAUSE_MS), and never twice for the same text: a fast typist pausing after every
 * word asks about once a second.
 */
export const CASE_PROPOSAL_RATE_LIMIT = { max: 120, timeWindow: 60_000 } as const;

export const CASE_PROPOSAL_ERRORS = {
  signIn: { errorCode: 'SIGN_IN_REQUIRED', message: 'Sign in to raise a support case.' },
  partnersOnly: {
    errorCode: 'PARTNERS_ONLY',
    message: 'Partner queries are for members of the partner programme.',
  },
} as const;

function invalid(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400, code: 'INVALID_PROPOSAL_REQUEST' });
}

const proposalBody = z.object({
  queue: z.enum(['customer', 'partner'], { message: 'queue must be "customer" or "partner"' }),
  subject: z
    .string({ message: 'subject must be text' })
    .max(SUBJECT_MAX, `subject must be at most ${SUBJECT_MAX} characters`),
  description: z
    .string({ message: 'description must be text' })
    .max(DESCRIPTION_MAX, `description must be at most ${DESCRIPTION_MAX} characters`),
});

export interface CaseProposalRoutesOptions {
  database: PortalDatabase;
  clock?: Clock;
}

/**
 * POST /api/cases/proposal `{queue, subject, description}`: the category the classifier
 * proposes for what a signed-in customer (or, for the partner queue, partner) has typed so far,
 * `{proposal: {categoryId, categoryName, topicId, topicName, percent, because} | null}`. It
 * changes nothing, but it is a POST with the CSRF token, as the description may be long and
 * must not land in a URL or a log.
 */
export async function registerCaseProposalRoutes(
  app: FastifyInstance,
  { database, clock = systemClock }: CaseProposalRoutesOptions,
): Promise<void> {
  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    parseJsonBodies(scope, invalid);
    scope.post(
      CASE_PROPOSAL_API,
      {
        bodyLimit: BODY_LIMITS.caseProposal,
        onRequest: perVisitorLimit(scope, 'cases.proposal', CASE_PROPOSAL_RATE_LIMIT),
      },
      async (request, reply) => {
        reply.header('cache-control', SIGNED_IN_POLICY);
        const viewer = request.viewer;
        if (viewer.isGuest) return reply.status(401).send(CASE_PROPOSAL_ERRORS.signIn);
        const body = validatedBody(request.body, proposalBody, invalid);
        if (body.queue === 'partner' && !viewer.user.isPartner)
          return reply.status(403).send(CASE_PROPOSAL_ERRORS.partnersOnly);
        const proposal = await proposeCategory(database.db, body.queue, body);
        return reply.send({ proposal: proposal ?? null });
      },
    );
  });
}
