import type { AppLoadContext } from 'react-router';
import type { Region } from '~core/regions';
import type { SearchResult } from '~core/search';
import { suggestedHelp } from '~server/modules/search';
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

/**
 * The help search's first results for a question or a topic's words, as the global search
 * shows them to this visitor: the raise flow's suggested answers, the hub's and the guest
 * help's articles.
 */
export function helpFor(context: AppLoadContext, query: string): Promise<SearchResult[]> {
  return suggestedHelp(context.search, query, {
    isPartner: context.viewer.user?.isPartner === true,
  });
}
