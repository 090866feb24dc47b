/**
 * The generated-answer stream of the answers contract (core/answers/answer-contract.ts): what each event carries, read
 * defensively (the panel must never break the search page), and the panel state they build.
 */
import type { AnswerCitation as ContractCitation, AnswerProviderName } from '~core/answers';
import type { SearchResultRaw } from '~core/search';
import type { ServerSentEvent } from './sse.ts';

/**
 * A generated-answer citation as the panel uses it (spec 3: clickUri and fields, with the number
 * its marker carries). Only types come from the shared contract: its zod schemas are server
 * work and would weigh on the search page's script budget.
 */
export type AnswerCitation = Pick<
  ContractCitation,
  'id' | 'number' | 'title' | 'clickUri' | 'text'
> & {
  /** The cited item's raw search fields, which its public link is built from (spec 2.6). */
  fields?: SearchResultRaw;
};

export type AnswerEvent =
  | { type: 'answer'; answerId: string; cached: boolean }
  | { type: 'citations'; citations: AnswerCitation[] }
  | { type: 'delta'; text: string }
  | { type: 'end'; declined: boolean; provider: AnswerProviderName | undefined }
  | { type: 'error'; message: string };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstText(object: Json, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = object[name];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** One citation of the wire, or undefined when it lacks what a link and a marker need. */
export function readCitation(value: unknown): AnswerCitation | undefined {
  if (!isObject(value)) return undefined;
  const id = firstText(value, 'id', 'permanentid', 'uniqueId');
  const number = value.number;
  const clickUri = firstText(value, 'clickUri', 'uri');
  if (!id || !clickUri || typeof number !== 'number' || !Number.isInteger(number) || number < 1)
    return undefined;
  const fields = isObject(value.fields) ? (value.fields as SearchResultRaw) : undefined;
  return {
    id,
    number,
    title: firstText(value, 'title') ?? clickUri,
    clickUri,
    text: firstText(value, 'text', 'snippet', 'excerpt') ?? '',
    ...(fields ? { fields } : {}),
  };
}

function parseJson(data: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(data);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A stream event as the panel understands it; undefined for anything it does not know. */
export function readAnswerEvent(message: ServerSentEvent): AnswerEvent | undefined {
  const data = parseJson(message.data);
  if (!data) return undefined;
  switch (message.event) {
    case 'answer':
      return typeof data.answerId === 'string' && data.answerId !== ''
        ? { type: 'answer', answerId: data.answerId, cached: data.cached === true }
        : undefined;
    case 'citations': {
      if (!Array.isArray(data.citations)) return undefined;
      const citations = data.citations
        .map(readCitation)
        .filter((citation): citation is AnswerCitation => citation !== undefined)
        .sort((a, b) => a.number - b.number);
      return { type: 'citations', citations };
    }
    case 'delta':
      return typeof data.text === 'string' ? { type: 'delta', text: data.text } : undefined;
    case 'end':
      return {
        type: 'end',
        declined: data.declined === true,
        provider:
          data.provider === 'grounded' || data.provider === 'llm' ? data.provider : undefined,
      };
    case 'error':
      return {
        type: 'error',
        message: typeof data.message === 'string' ? data.message : 'The answer failed.',
      };
    default:
      return undefined;
  }
}

export type AnswerPhase = 'idle' | 'loading' | 'streaming' | 'done' | 'failed';

export interface AnswerState {
  phase: AnswerPhase;
  /** The question this state answers. */
  question: string;
  answerId?: string;
  cached: boolean;
  citations: AnswerCitation[];
  text: string;
  declined: boolean;
  provider?: AnswerProviderName;
}

export const IDLE_ANSWER: AnswerState = {
  phase: 'idle',
  question: '',
  cached: false,
  citations: [],
  text: '',
  declined: false,
};

export type AnswerAction =
  | { type: 'start'; question: string }
  | { type: 'event'; event: AnswerEvent }
  | { type: 'closed' }
  | { type: 'failed' }
  | { type: 'reset' };

/**
 * The panel's state through one stream. Events after the end (or after a failure) change
 * nothing, and a stream that closes before its 'end' event failed: a half answer is not shown
 * as if it were whole.
 */
export function answerReducer(state: AnswerState, action: AnswerAction): AnswerState {
  switch (action.type) {
    case 'start':
      return { ...IDLE_ANSWER, phase: 'loading', question: action.question };
    case 'reset':
      return IDLE_ANSWER;
    case 'failed':
      return state.phase === 'done' ? state : { ...state, phase: 'failed' };
    case 'closed':
      return state.phase === 'loading' || state.phase === 'streaming'
        ? { ...state, phase: 'failed' }
        : state;
    case 'event': {
      if (state.phase !== 'loading' && state.phase !== 'streaming') return state;
      const event = action.event;
      switch (event.type) {
        case 'answer':
          return { ...state, answerId: event.answerId, cached: event.cached };
        case 'citations':
          return { ...state, citations: event.citations };
        case 'delta':
          return { ...state, phase: 'streaming', text: state.text + event.text };
        case 'end':
          return {
            ...state,
            phase: 'done',
            declined: event.declined,
            citations: event.declined ? [] : state.citations,
            ...(event.provider ? { provider: event.provider } : {}),
          };
        case 'error':
          return { ...state, phase: 'failed' };
      }
    }
  }
}
