import type { RecommendationRecord } from '~core/partner';
import {
  acknowledgePartnerTier,
  getPartnerTierData,
  listSuggestedSteps,
  recordReaction,
  removeReaction,
  type ReactionResult,
} from '~server/modules/partners';
import { GatewayError } from '../gateway-error.ts';
import { defineRemoteClass } from '../remote-class.ts';

/*
 * Another partner's step answers exactly like a step that does not exist, so ids cannot be
 * probed.
 */
function reactedRecord(result: ReactionResult, stepId: string): RecommendationRecord {
  if (result.ok) return result.record;
  switch (result.reason) {
    case 'not-found':
      throw new GatewayError(404, 'NOT_FOUND', `There is no suggested step with id '${stepId}'.`);
    case 'mandatory':
      throw new GatewayError(409, 'CONFLICT', 'A mandatory step cannot be dismissed.');
    case 'complete':
      throw new GatewayError(409, 'CONFLICT', 'A completed step cannot be dismissed.');
  }
}

export const customerTaskController = defineRemoteClass({
  remoteClass: 'CustomerTaskController',
  access: 'partner',
  methods: {
    executeNBAFlowCurrentUser: ({ db, viewer }, { strategyName }) =>
      listSuggestedSteps(db, viewer.user.id, strategyName),

    async recordReactionCurrentUser({ db, viewer, now }, { strategyName, rec, isAccept }) {
      const result = await recordReaction(db, {
        userId: viewer.user.id,
        strategyName,
        stepId: rec.Id,
        isAccept,
        now,
      });
      return reactedRecord(result, rec.Id);
    },

    async removeReactionCurrentUser({ db, viewer }, { recommendationId }) {
      return reactedRecord(
        await removeReaction(db, viewer.user.id, recommendationId),
        recommendationId,
      );
    },

    celebratePartnerTier: ({ db, viewer }) => getPartnerTierData(db, viewer.user.id),

    endCelebratePartnerTier: ({ db, viewer, now }) =>
      acknowledgePartnerTier(db, viewer.user.id, now),
  },
});
