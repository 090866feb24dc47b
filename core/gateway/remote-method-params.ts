import { z } from 'zod';
import { RECORD_ID_LENGTH } from '../records/index.ts';
import type { RemoteMethod } from './remote-methods.ts';

/**
 * The parameters each remote method takes (spec 7), checked by the server before the method
 * runs. Apart from remote-methods.ts so that the browser, which only calls the methods, does
 * not load the validator.
 */

const recordId = (field: string) =>
  z
    .string({ error: `${field} must be a text record id` })
    .regex(/^[A-Za-z0-9]+$/, `${field} must be letters and digits only`)
    .length(RECORD_ID_LENGTH, `${field} must be ${RECORD_ID_LENGTH} characters long`);

const strategyName = z
  .string({ error: 'strategyName must be text' })
  .trim()
  .min(1, 'strategyName must not be empty')
  .max(80, 'strategyName must be at most 80 characters');

const noParams = z.object({});

/**
 * The record a reaction is about. The browser sends back the record it was given; only its Id
 * is trusted, every other field is read again from the database.
 */
const reactionRecord = z.object(
  { Id: recordId('rec.Id') },
  { error: 'rec must be the recommendation record' },
);

export const REMOTE_METHOD_PARAMS = {
  getHeadlessConfiguration: z.object({
    searchHub: z
      .string({ error: 'searchHub must be text' })
      .trim()
      .min(1, 'searchHub must not be empty'),
  }),
  getCurrentUserContext: noParams,
  getUserData: noParams,
  getTeamValue: z.object({ recordId: recordId('recordId') }),
  getOnboardingCTADetail: noParams,
  getUpdateAccountFlowDetails: noParams,
  getAudience: noParams,
  executeNBAFlowCurrentUser: z.object({ strategyName }),
  recordReactionCurrentUser: z.object({
    strategyName,
    rec: reactionRecord,
    isAccept: z.boolean({ error: 'isAccept must be true or false' }),
  }),
  removeReactionCurrentUser: z.object({ recommendationId: recordId('recommendationId') }),
  celebratePartnerTier: noParams,
  endCelebratePartnerTier: noParams,
} as const satisfies Record<RemoteMethod, z.ZodType<object>>;
