import { performance } from 'node:perf_hooks';
import {
  completionsOf,
  facetSearchAnswer,
  facetSearchSchema,
  invalidRequest,
  librarySearchAnswer,
  librarySearchSchema,
  querySuggestSchema,
  selectedDateSpan,
  translateSearch,
  type TranslatedSearch,
} from '~core/headless-protocol';
import { hiddenObjectTypes, searchRequestSchema, type SearchSettings } from '~core/search';
import { escapeHtml } from '~core/content';
import type { PortalDatabase } from '~server/db/database.ts';
import { findSearchDocument, type SearchService, type SearchVisitor } from '~server/modules/search';
import { parsedBody } from './protocol-body.ts';

/**
 * The Search API's search, query suggestions, facet value search and quick view, each run by
 * the portal's own search service: the library's request is translated, searched exactly as
 * the portal's search page would be, and the answer translated back.
 */
export function searchProtocol(options: {
  database: PortalDatabase;
  search: SearchService;
  siteUrl: string;
}) {
  const { database, search, siteUrl } = options;

  function portalRequest(translated: TranslatedSearch) {
    const parsed = searchRequestSchema.safeParse(translated.request);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidRequest(`${issue?.path.join('.') ?? 'request'}: ${issue?.message ?? 'invalid'}`);
    }
    return parsed.data;
  }

  async function runSearch(
    translated: TranslatedSearch,
    settings: SearchSettings,
    visitor: SearchVisitor,
  ) {
    const started = performance.now();
    const selected = selectedDateSpan(translated);
    const answer = await search.search(
      portalRequest(translated),
      visitor,
      translated.dateFacet
        ? {
            spans: translated.dateFacet.ranges.map(({ from, to }) => ({ from, to })),
            ...(selected ? { selected } : {}),
          }
        : undefined,
    );
    return librarySearchAnswer(translated, answer, {
      siteUrl,
      pipeline: settings.pipeline,
      duration: Math.round(performance.now() - started),
      ...(answer.dateRangeCounts ? { dateRangeCounts: answer.dateRangeCounts } : {}),
      isRecommendation: settings.mode === 'recommendations',
    });
  }

  return {
    async search(body: unknown, settings: SearchSettings, visitor: SearchVisitor) {
      const request = parsedBody(body, librarySearchSchema);
      return runSearch(translateSearch(request, settings), settings, visitor);
    },

    async querySuggest(
      body: unknown,
      settings: SearchSettings,
      visitor: Pick<SearchVisitor, 'isPartner'>,
    ) {
      const request = parsedBody(body, querySuggestSchema);
      // Checks the hub and pipeline the library names.
      translateSearch(request, settings);
      const suggestions = await search.suggest(
        { searchHub: settings.searchHub, q: request.q, count: request.count },
        visitor,
      );
      return { completions: completionsOf(suggestions), responseId: crypto.randomUUID() };
    },

    /** Values of one facet, counted over its search without the facet's own selection. */
    async facetSearch(body: unknown, settings: SearchSettings, visitor: SearchVisitor) {
      const request = parsedBody(body, facetSearchSchema);
      const field = request.field.replace(/^@/, '');
      const context = {
        ...request.searchContext,
        numberOfResults: 0,
        firstResult: 0,
        facets: (request.searchContext.facets ?? []).filter(
          (facet) => facet.field.replace(/^@/, '') !== field,
        ),
      };
      const translated = translateSearch(context, settings);
      translated.facets.push({ facetId: field, field, numberOfValues: 1000 });
      const answer = await search.search(portalRequest(translated), {
        ...visitor,
        // Counting facet values is not a search the visitor made: nothing is logged for it.
        statistics: false,
      });
      const counted = answer.facets.find((facet) => facet.field === field);
      if (counted === undefined) {
        throw invalidRequest(`field: '${request.field}' is not a facet field of this portal`);
      }
      return facetSearchAnswer(request, counted.values);
    },

    /**
     * The document's text as a page of its own, for the library's quick view; none for a
     * document the visitor's searches leave out, as for one that does not exist.
     */
    async quickView(
      uniqueId: string,
      visitor: Pick<SearchVisitor, 'isPartner'>,
    ): Promise<string | undefined> {
      const document = await findSearchDocument(database.db, uniqueId);
      if (document === undefined) return undefined;
      if (hiddenObjectTypes(visitor).includes(document.objecttype)) return undefined;
      const paragraphs = document.body_text
        .split(/\n{2,}/)
        .map((paragraph) => paragraph.trim())
        .filter((paragraph) => paragraph !== '')
        .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
        .join('\n');
      const title = escapeHtml(document.title);
      return (
        `<!doctype html><html lang="${escapeHtml(document.language || 'en')}"><head><meta charset="utf-8">` +
        `<title>${title}</title></head><body><h1>${title}</h1>\n` +
        `${paragraphs || `<p>${escapeHtml(document.excerpt)}</p>`}\n</body></html>`
      );
    },
  };
}

export type SearchProtocol = ReturnType<typeof searchProtocol>;
