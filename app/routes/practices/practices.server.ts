import type { AppLoadContext } from 'react-router';
import { listingPath, parsePracticeMarket } from '~core/practices';
import type { PracticesContext, PracticeUser } from '~server/modules/practices';
import { requestRegion } from '~app/region/request-region.ts';
import { routeContractFor } from '~app/site.ts';

/**
 * What the practice and directory pages share: the services' context and the signed-in person.
 * A '.server' module, so the pages take the services from here, never from server/.
 */
export {
  answerLead,
  askToJoin,
  createPractice,
  decideJoinRequest,
  decideListing,
  decideReview,
  findListingPage,
  findManagedPractice,
  findPracticeLogo,
  listJoinRequests,
  listPracticeLeads,
  moderationQueue,
  previewListingPage,
  publishListing,
  saveListingDraft,
  searchDirectory,
  sendLead,
  submitReview,
  unpublishListing,
  uploadLogo,
  type ListingPage,
} from '~server/modules/practices';

export function practicesContext(context: AppLoadContext): PracticesContext {
  const { config } = context;
  const manage = routeContractFor(config).path('manageAdvisorDirectory') ?? '';
  return {
    db: context.db,
    now: context.clock.now(),
    links: {
      manage: `${config.siteUrl}${manage}`,
      listing: (slug) => `${config.siteUrl}${listingPath(slug)}`,
    },
  };
}

/** The signed-in person as the practices know them; undefined for a guest. */
export function practiceUser(context: AppLoadContext): PracticeUser | undefined {
  const user = context.viewer.user;
  if (!user) return undefined;
  return {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim() || (user.email ?? 'Partner'),
    email: user.email ?? '',
  };
}

/** The visitor's market (their region), to prefer its places when a name is shared. */
export function visitorMarket(request: Request, context: AppLoadContext) {
  return parsePracticeMarket(requestRegion(request, context.config.prefix));
}
