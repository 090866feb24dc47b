import type { AppLoadContext } from 'react-router';
import { listCasesForExport } from '~server/modules/cases';
import { listMemberContent } from '~server/modules/community';
import { getPartnerTierData, listRedemptions, pointsAccount } from '~server/modules/partners';
import { consentHistoryOfUser, preferencesOf } from '~server/modules/privacy';

/**
 * Everything the portal holds about the signed-in user, gathered from the modules that hold it:
 * their profile, what they wrote in the community, their support cases, partner points, communication preferences
 * with their history, and their cookie choices.
 */
export async function personalDataArchive(context: AppLoadContext) {
  const user = context.viewer.user;
  if (!user) return undefined;
  const email = user.email?.toLowerCase() ?? null;
  const preferences = email ? await preferencesOf(context.db, email) : null;
  return {
    exportedAt: context.clock.now().toISOString(),
    portal: context.config.brand,
    profile: user,
    community: await listMemberContent(context.db, user.id),
    partnerProgramme: user.isPartner
      ? {
          tier: await getPartnerTierData(context.db, user.id),
          points: await pointsAccount(
            context.db,
            user.id,
            { kind: 'all', from: '', to: '' },
            context.clock.now(),
          ),
          redemptions: await listRedemptions(context.db, user.id),
        }
      : null,
    communicationPreferences: preferences && {
      email: preferences.email,
      confirmed: preferences.confirmed,
      subscriptions: [...preferences.subscriptions],
      history: preferences.history,
    },
    cookieChoices: await consentHistoryOfUser(context.db, user.id),
    supportCases: await listCasesForExport(context.db, { userId: user.id, email }),
  };
}
