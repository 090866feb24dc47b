import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { reportError } from '~app/analytics/analytics.ts';
import { useCsrfToken } from '~app/csrf.ts';
import { useGateway } from '~app/gateway-client.ts';
import { createAnswerClient, type AnswerClient } from './answer-client.ts';
import { answerReducer, IDLE_ANSWER, type AnswerState } from './answer-stream.ts';

export interface GeneratedAnswerOptions {
  searchHub: string;
  /**
   * The question the page's search settled on, or undefined while a search runs: the answer
   * follows the question, not every facet or sort change, so it is asked again only when the
   * settled question changes. An empty question asks nothing.
   */
  question: string | undefined;
  /** The search the question ran as, sent along so the answer can be tied to it. */
  searchId?: string;
  userRegion?: string;
}

/** Streams the generated answer for the page's question and keeps it up to date. */
export function useGeneratedAnswer(options: GeneratedAnswerOptions): {
  state: AnswerState;
  client: AnswerClient | undefined;
} {
  const { searchHub, question, searchId, userRegion } = options;
  const gateway = useGateway();
  const csrfToken = useCsrfToken() || null;
  const client = useMemo(
    () =>
      gateway && searchHub !== ''
        ? createAnswerClient({ gateway, searchHub, csrfToken })
        : undefined,
    [gateway, searchHub, csrfToken],
  );
  const [asked, setAsked] = useState('');
  if (question !== undefined && question.trim() !== asked) setAsked(question.trim());
  const searchIdRef = useRef(searchId);
  useEffect(() => {
    searchIdRef.current = searchId;
  }, [searchId]);
  const [state, dispatch] = useReducer(answerReducer, IDLE_ANSWER);

  useEffect(() => {
    if (!client || asked === '') {
      dispatch({ type: 'reset' });
      return;
    }
    const controller = new AbortController();
    dispatch({ type: 'start', question: asked });
    const request = {
      q: asked,
      ...(userRegion ? { userRegion } : {}),
      ...(searchIdRef.current ? { searchId: searchIdRef.current } : {}),
    };
    client
      .stream(request, (event) => dispatch({ type: 'event', event }), controller.signal)
      .then(() => {
        if (!controller.signal.aborted) dispatch({ type: 'closed' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The results still show; the answer is an extra that failed quietly.
        reportError(error, { source: 'generated answer', searchHub: client.searchHub });
        dispatch({ type: 'failed' });
      });
    return () => controller.abort();
  }, [client, asked, userRegion]);

  return { state, client };
}
