import {
  NO_ANSWER_TEXT,
  SEARCH_CANDIDATES,
  correctedQuestion,
  isDefinitionQuestion,
  normaliseQuestion,
  questionTerms,
} from '~core/answers';
import type {
  AnswerCitation,
  AnswerFeedback,
  AnswerProviderName,
  AnswerStreamEvent,
  AnswerStreamRequest,
  CitationClick,
} from '~core/answers';
import { mapRegion, type Region } from '~core/regions';
import { searchSettingsForHub } from '~core/search';
import type { PublicConfig } from '~core/site';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { newRecordId } from '~server/db/ids.ts';
import { contentForSearch } from '~server/modules/content';
import {
  createSearchService,
  rawFieldsOf,
  searchProviderFor,
  type SearchProviderSettings,
  type SearchService,
} from '~server/modules/search';
import type { AnswerProvider } from './answer-provider.ts';
import {
  findCachedAnswer,
  findCachedAnswerById,
  insertAnswerEvent,
  storeCachedAnswer,
  type CachedAnswer,
} from './answers.repository.ts';
import type { AnswerEventKind } from './answers.tables.ts';
import { groundedProvider } from './grounded-provider.ts';
import { DEFAULT_PASSAGE_SOURCES, type PassageSource } from './passage-sources.ts';
import { createPassageRetriever, type Passage } from './passage-retrieval.ts';

/** Passages ranked for a question; the providers use the first few. */
const RANKED_PASSAGES = 12;
/** The longest passage text a citation carries for its preview. */
export const CITATION_PREVIEW_LENGTH = 320;

export const INVALID_ANSWER_REQUEST = 'INVALID_ANSWER_REQUEST';

/** A request the answer API cannot take: answered 400 with the field at fault. */
export class AnswerRequestError extends Error {
  readonly statusCode = 400;
  readonly code = INVALID_ANSWER_REQUEST;
}

export class AnswerNotFoundError extends Error {
  readonly statusCode = 404;
  readonly code = 'ANSWER_NOT_FOUND';
  constructor() {
    super('There is no such answer; it may have been replaced after the content changed.');
  }
}

export interface AnswersServiceOptions {
  database: PortalDatabase;
  site: Pick<PublicConfig, 'brand' | 'product' | 'prefix' | 'siteUrl'>;
  /** Default: the grounded provider. */
  provider?: AnswerProvider;
  /** Default: articles, guides and glossary entries; community answers plug in here. */
  passageSources?: readonly PassageSource[];
  /** The search provider the search page uses (config's SEARCH_PROVIDER); answers follow it. */
  searchProvider?: SearchProviderSettings;
  clock?: Clock;
}

export interface Asker {
  userId?: string;
  /** Whether the visitor's consent allows statistics (PERF): only then is the event counted. */
  statistics?: boolean;
}

/** An answer as the stream sends it. */
export interface StreamedAnswer {
  answerId: string;
  cached: boolean;
  declined: boolean;
  provider: AnswerProviderName;
  searchHub: string;
  /** The answer's sentences with their markers, or the no-answer sentence. */
  sentences: string[];
  citations: AnswerCitation[];
}

export interface AnswersService {
  /** The hub's mode; throws AnswerRequestError for a hub without answers. */
  modeOf(searchHub: string): 'support' | 'learning';
  answer(request: AnswerStreamRequest, asker: Asker, signal?: AbortSignal): Promise<StreamedAnswer>;
  /** The hub an answer was given on; throws AnswerNotFoundError for an unknown answer. */
  hubOf(answerId: string): Promise<string>;
  recordFeedback(answerId: string, feedback: AnswerFeedback, asker: Asker): Promise<void>;
  recordCitationClick(answerId: string, click: CitationClick, asker: Asker): Promise<void>;
}

/** The events of an answer in the order the contract gives: answer, citations, deltas, end. */
export function answerEvents(answer: StreamedAnswer): AnswerStreamEvent[] {
  return [
    { event: 'answer', data: { answerId: answer.answerId, cached: answer.cached } },
    { event: 'citations', data: { citations: answer.citations } },
    ...answer.sentences.map((sentence, index) => ({
      event: 'delta' as const,
      data: { text: index === 0 ? sentence : ` ${sentence}` },
    })),
    { event: 'end', data: { declined: answer.declined, provider: answer.provider } },
  ];
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= CITATION_PREVIEW_LENGTH) return flat;
  const cut = flat.slice(0, CITATION_PREVIEW_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), CITATION_PREVIEW_LENGTH / 2))}…`;
}

function absoluteUri(siteUrl: string, clickUri: string): string {
  return URL.canParse(clickUri) ? clickUri : new URL(clickUri, `${siteUrl}/`).toString();
}

function citationOf(passage: Passage, number: number, siteUrl: string): AnswerCitation {
  const { document } = passage;
  return {
    id: document.unique_id,
    number,
    title: document.title,
    uri: absoluteUri(siteUrl, document.click_uri),
    clickUri: document.click_uri,
    text: preview(passage.text),
    source: document.source,
    contentType: document.common_contenttype,
    fields: rawFieldsOf(document),
  };
}

/**
 * The documents the search page lists first for the question, as a guest of the region sees
 * them (answers are cached per hub and region, not per person), and the words it searched
 * instead when it corrected a misspelling.
 */
async function searchedFor(
  search: Pick<SearchService, 'search'>,
  searchHub: string,
  question: string,
  region: Region,
): Promise<{ documents: Set<string>; correction: string | undefined }> {
  const response = await search.search(
    {
      searchHub,
      q: question,
      sortCriteria: 'relevancy',
      firstResult: 0,
      numberOfResults: SEARCH_CANDIDATES,
      folding: false,
      enableDidYouMean: true,
      context: { userRegion: region },
    },
    { isGuest: true, isPartner: false, statistics: false },
  );
  return {
    documents: new Set(response.results.map((result) => result.uniqueId)),
    correction: response.queryCorrections[0]?.correctedQuery,
  };
}

function citationsOf(row: CachedAnswer): AnswerCitation[] {
  return JSON.parse(row.citations) as AnswerCitation[];
}

export function createAnswersService(options: AnswersServiceOptions): AnswersService {
  const { database, site } = options;
  const db = database.db;
  const provider = options.provider ?? groundedProvider;
  const retriever = createPassageRetriever(db, options.passageSources ?? DEFAULT_PASSAGE_SOURCES);
  const search = createSearchService({
    database,
    engine: searchProviderFor(database, options.searchProvider),
    content: contentForSearch,
    site,
  });
  const clock = options.clock ?? systemClock;

  function modeOf(searchHub: string): 'support' | 'learning' {
    const mode = searchSettingsForHub(site, searchHub)?.mode;
    if (mode === undefined) {
      throw new AnswerRequestError(`searchHub: '${searchHub}' is not a search hub of this site`);
    }
    if (mode === 'recommendations') {
      throw new AnswerRequestError(`searchHub: '${searchHub}' does not give generated answers`);
    }
    return mode;
  }

  async function record(
    answer: { id: string; search_hub: string; question_text: string },
    kind: AnswerEventKind,
    asker: Asker,
    details: { reason?: string; details?: string; citationId?: string; searchId?: string } = {},
  ) {
    await insertAnswerEvent(db, {
      id: newRecordId('answerEvent'),
      answer_id: answer.id,
      kind,
      reason: details.reason ?? null,
      details: details.details ?? null,
      citation_id: details.citationId ?? null,
      search_id: details.searchId ?? null,
      search_hub: answer.search_hub,
      question_text: answer.question_text,
      user_id: asker.userId ?? null,
      statistics: asker.statistics ? 1 : 0,
      created_at: clock.now().toISOString(),
    });
  }

  async function generate(
    question: string,
    searchHub: string,
    mode: 'support' | 'learning',
    region: Region,
    signal?: AbortSignal,
  ) {
    const searched = await searchedFor(search, searchHub, question, region);
    // A misspelt question is answered as the search page corrected it, the words its results
    // are for ("reconcle bank" as "reconcile bank"), when correctedQuestion allows it.
    const asked =
      searched.correction === undefined
        ? question
        : (correctedQuestion(question, searched.correction) ?? question);
    const terms = questionTerms(asked);
    const retrieved = await retriever.retrieve({
      terms,
      mode,
      limit: RANKED_PASSAGES,
      searchedDocuments: searched.documents,
      definitionQuestion: isDefinitionQuestion(asked),
      // 'Rest of world' prefers no region's content over another's.
      ...(region !== 'ROW' ? { region } : {}),
    });
    const provided = await provider.answer({ question, terms, retrieved }, signal);
    return { provided, contentVersion: retrieved.contentVersion };
  }

  async function answer(
    request: AnswerStreamRequest,
    asker: Asker,
    signal?: AbortSignal,
  ): Promise<StreamedAnswer> {
    const mode = modeOf(request.searchHub);
    const question = request.q.trim();
    const key = {
      questionKey: normaliseQuestion(question),
      searchHub: request.searchHub,
      region: mapRegion(request.userRegion),
      contentVersion: await retriever.contentVersion(),
    };
    let row = await findCachedAnswer(db, key);
    const cached = row !== undefined;
    if (row === undefined) {
      const { provided, contentVersion } = await generate(
        question,
        request.searchHub,
        mode,
        key.region as Region,
        signal,
      );
      const citations = provided.declined
        ? []
        : provided.citations.map((passage, index) => citationOf(passage, index + 1, site.siteUrl));
      row = await storeCachedAnswer(db, {
        id: newRecordId('answer'),
        question_key: key.questionKey,
        question_text: question,
        search_hub: key.searchHub,
        region: key.region,
        content_version: contentVersion,
        provider: provided.provider,
        declined: provided.declined ? 1 : 0,
        answer_text: provided.declined ? NO_ANSWER_TEXT : provided.sentences.join('\n'),
        citations: JSON.stringify(citations),
        created_at: clock.now().toISOString(),
      });
    }
    const declined = row.declined === 1;
    if (!declined) {
      await record(row, 'shown', asker, request.searchId ? { searchId: request.searchId } : {});
    }
    return {
      answerId: row.id,
      cached,
      declined,
      provider: row.provider as AnswerProviderName,
      searchHub: row.search_hub,
      sentences: row.answer_text.split('\n'),
      citations: citationsOf(row),
    };
  }

  async function found(answerId: string): Promise<CachedAnswer> {
    const row = await findCachedAnswerById(db, answerId);
    if (row === undefined) throw new AnswerNotFoundError();
    return row;
  }

  return {
    modeOf,
    answer,
    async hubOf(answerId) {
      return (await found(answerId)).search_hub;
    },
    async recordFeedback(answerId, feedback, asker) {
      const row = await found(answerId);
      await record(row, feedback.helpful ? 'liked' : 'disliked', asker, {
        ...(feedback.reason ? { reason: feedback.reason } : {}),
        ...(feedback.details?.trim() ? { details: feedback.details.trim() } : {}),
      });
    },
    async recordCitationClick(answerId, click, asker) {
      const row = await found(answerId);
      if (!citationsOf(row).some((citation) => citation.id === click.citationId)) {
        throw new AnswerRequestError('citationId: is not a citation of this answer');
      }
      await record(row, 'citation-clicked', asker, { citationId: click.citationId });
    },
  };
}
