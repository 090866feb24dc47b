import {
  clickedUniqueId,
  invalidRequest,
  usageEventBody,
  usageEventSchemas,
  type UsageEventType,
} from '~core/headless-protocol';
import type { Clock } from '~server/clock.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { recordSearchUsageEvent, type SearchService } from '~server/modules/search';
import type { ProtocolCaller } from './protocol-access.ts';
import { parsedBody } from './protocol-body.ts';

/**
 * Usage analytics events into the portal's search analytics, only with the visitor's
 * statistics (PERF) consent. A search event adds nothing: the search was logged when the
 * protocol answered it. A click is logged as the portal's own result clicks are; custom and
 * view events are kept as search usage events.
 */
export function usageAnalytics(options: {
  database: PortalDatabase;
  search: SearchService;
  clock: Clock;
}) {
  const { database, search, clock } = options;

  return async function record(
    type: UsageEventType,
    body: unknown,
    caller: ProtocolCaller,
    statistics: boolean,
  ): Promise<void> {
    const event = usageEventBody(type, body);
    if (event === undefined) throw invalidRequest(`The body must hold the ${type} event`);
    const hub = caller.settings.searchHub;
    switch (type) {
      case 'search':
        parsedBody(event, usageEventSchemas.search);
        return;
      case 'click': {
        const click = parsedBody(event, usageEventSchemas.click);
        const uniqueId = clickedUniqueId(click);
        if (click.searchQueryUid === undefined || uniqueId === undefined) {
          throw invalidRequest(
            'A click names its searchQueryUid and the permanentid clicked (contentIDValue)',
          );
        }
        await search.recordClick(
          {
            searchHub: hub,
            searchUid: click.searchQueryUid,
            uniqueId,
            position: click.documentPosition - 1,
          },
          { statistics },
        );
        return;
      }
      case 'collect': {
        const collected = parsedBody(event, usageEventSchemas.collect);
        if (!statistics) return;
        await recordSearchUsageEvent(database.db, {
          kind: 'custom',
          searchHub: hub,
          eventType: `${collected.ec ?? 'collect'}:${collected.ea ?? collected.t ?? 'event'}`,
          ...(collected.el ? { eventValue: collected.el } : {}),
          at: clock.now(),
        });
        return;
      }
      case 'custom': {
        const custom = parsedBody(event, usageEventSchemas.custom);
        if (!statistics) return;
        await recordSearchUsageEvent(database.db, {
          kind: 'custom',
          searchHub: hub,
          ...(custom.lastSearchQueryUid ? { searchUid: custom.lastSearchQueryUid } : {}),
          eventType: custom.eventType ?? 'custom',
          ...(custom.eventValue ? { eventValue: custom.eventValue } : {}),
          at: clock.now(),
        });
        return;
      }
      case 'view': {
        const view = parsedBody(event, usageEventSchemas.view);
        if (!statistics) return;
        await recordSearchUsageEvent(database.db, {
          kind: 'view',
          searchHub: hub,
          eventType: view.contentType ?? 'view',
          ...(view.location ? { eventValue: view.location } : {}),
          ...(view.contentIdKey ? { contentIdKey: view.contentIdKey } : {}),
          ...(view.contentIdValue ? { contentIdValue: view.contentIdValue } : {}),
          at: clock.now(),
        });
        return;
      }
    }
  };
}
