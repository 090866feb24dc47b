import type { AppLoadContext } from 'react-router';
import type { Region } from '~core/regions';
import { LIMIT_MESSAGE, withinContactLimit, type BookingContext } from '~server/modules/contact';
import { requestRegion } from '~app/region/request-region.ts';
import { routeContractFor } from '~app/site.ts';

/**
 * What the contact pages share: the booking services' context and the visitor's region. A
 * '.server' module, so the pages take the services from here, never from server/.
 */
export {
  agentChatLists,
  agentOnline,
  agentPresence,
  bookCall,
  bookingProblem,
  callbackWait,
  cancelBooking,
  chatCaseNeedsEmail,
  chatLinesAfter,
  deflectionReport,
  endChat,
  fileChatAsCase,
  findChat,
  findBooking,
  listBookableSlots,
  listCallbackTasks,
  listUpcomingCalls,
  markCallbackCalled,
  recordReachedPerson,
  recordShownHelp,
  requestCallback,
  rescheduleBooking,
  setAgentPresence,
  takeChat,
  type BookingView,
  type ChatLine,
  type ChatSummary,
} from '~server/modules/contact';

export function bookingContext(context: AppLoadContext): BookingContext {
  const { config } = context;
  const page = `${config.siteUrl}${routeContractFor(config).path('bookACall') ?? ''}`;
  return {
    db: context.db,
    settings: context.contactSettings,
    now: context.clock.now(),
    siteUrl: config.siteUrl,
    manageUrl: (token) => `${page}?booking=${encodeURIComponent(token)}`,
  };
}

/**
 * Why a booking or callback is refused for too many requests in the last hour, from the
 * visitor's network address or for the same e-mail address or phone number; undefined within.
 */
export async function contactLimitProblem(
  context: AppLoadContext,
  contact: string,
): Promise<string | undefined> {
  const now = context.clock.now();
  const fromNetwork = await withinContactLimit(
    context.db,
    'requestsPerNetwork',
    context.networkAddress,
    now,
  );
  const forContact =
    contact === '' ||
    (await withinContactLimit(context.db, 'requestsPerAddress', contact.toLowerCase(), now));
  return fromNetwork && forContact ? undefined : LIMIT_MESSAGE;
}

export function visitorRegion(request: Request, context: AppLoadContext): Region {
  return requestRegion(request, context.config.prefix);
}

/** An article or other help the hub offers for a topic, before the ways to reach people. */
export interface HelpLink {
  id: string;
  title: string;
  excerpt: string;
  url: string;
  type: string;
}

/** The help search's first results for a topic's words, as the raise flow's help step shows. */
export async function helpFor(context: AppLoadContext, query: string): Promise<HelpLink[]> {
  if (query === '') return [];
  const result = await context.search.search({
    text: query,
    scope: {},
    filters: [],
    notFilters: [],
    facets: [],
    sort: 'relevancy',
    offset: 0,
    limit: 5,
  });
  return result.hits.map((hit) => ({
    id: hit.document.unique_id,
    title: hit.document.title,
    excerpt: hit.excerpt,
    url: hit.document.click_uri,
    type: hit.document.objecttypelabel,
  }));
}
