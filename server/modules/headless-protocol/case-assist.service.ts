import {
  CASE_ASSIST_IDS,
  caseAssistSchema,
  caseText,
  classificationAnswer,
  deflectionQuery,
  documentSuggestionsAnswer,
  ProtocolError,
  unsupportedFeature,
  type CaseAssistId,
} from '~core/headless-protocol';
import { MAX_QUERY_LENGTH, MAX_NUMBER_OF_RESULTS, type SearchSettings } from '~core/search';
import type { PortalDatabase } from '~server/db/database.ts';
import { proposeClassification } from '~server/modules/cases';
import type { Viewer } from '~server/modules/identity';
import type { SearchService, SearchVisitor } from '~server/modules/search';
import { parsedBody } from './protocol-body.ts';

/**
 * Case assist over the raise flow's own parts: classification by the case classifiers
 * (decision 024) and document suggestions by the deflection search, the support hub's search
 * for the case's subject.
 */
export function caseAssistProtocol(options: {
  database: PortalDatabase;
  search: SearchService;
  supportHub: SearchSettings;
  siteUrl: string;
}) {
  const { database, search, supportHub, siteUrl } = options;

  /** The queue a case assist id raises into; the partner queue is for partners only. */
  function queueOf(caseAssistId: string, viewer: Viewer): CaseAssistId {
    if (!(CASE_ASSIST_IDS as readonly string[]).includes(caseAssistId)) {
      throw unsupportedFeature(
        `The case assist configuration '${caseAssistId}' (use ${CASE_ASSIST_IDS.join(' or ')})`,
      );
    }
    if (caseAssistId === 'partner' && !viewer.user?.isPartner) {
      throw new ProtocolError(403, 'AccessDenied', 'The partner case assist is for partners.');
    }
    return caseAssistId as CaseAssistId;
  }

  return {
    async classify(body: unknown, caseAssistId: string, viewer: Viewer) {
      const queue = queueOf(caseAssistId, viewer);
      const request = parsedBody(body, caseAssistSchema);
      const text = caseText(request);
      const proposal = text === '' ? {} : await proposeClassification(database.db, queue, text);
      return classificationAnswer(proposal, crypto.randomUUID());
    },

    async suggestDocuments(
      body: unknown,
      caseAssistId: string,
      numberOfResults: number,
      viewer: Viewer,
      visitor: SearchVisitor,
    ) {
      queueOf(caseAssistId, viewer);
      const request = parsedBody(body, caseAssistSchema);
      const q = deflectionQuery(request, MAX_QUERY_LENGTH);
      const responseId = crypto.randomUUID();
      if (q === '') return documentSuggestionsAnswer([], 0, responseId, siteUrl);
      const answer = await search.search(
        {
          searchHub: supportHub.searchHub,
          q,
          sortCriteria: 'relevancy',
          firstResult: 0,
          numberOfResults: Math.min(Math.max(numberOfResults, 1), MAX_NUMBER_OF_RESULTS),
          folding: false,
          enableDidYouMean: true,
        },
        visitor,
      );
      return documentSuggestionsAnswer(answer.results, answer.totalCount, responseId, siteUrl);
    },
  };
}

export type CaseAssistProtocol = ReturnType<typeof caseAssistProtocol>;
