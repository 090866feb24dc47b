import { useEffect, useRef, useState } from 'react';
import {
  CASE_PROPOSAL_API,
  PROPOSAL_PAUSE_MS,
  proposalText,
  worthProposing,
  type RaisableQueue,
} from '~core/cases';
import { CSRF_HEADER, useCsrfToken } from '~app/csrf.ts';
import caseStyles from './cases.module.css';

/** The part of the proposal endpoint's answer the describe step shows. */
interface Proposal {
  categoryName: string;
  topicName: string;
  percent: number;
  because: string[];
}

const TYPED_FIELDS = new Set(['subject', 'description']);

function fieldValue(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement
    ? field.value
    : '';
}

/**
 * The classifier's proposal while the customer types (docs/cases.md): after a pause in typing
 * in the subject or description it asks the proposal endpoint, and says what it proposes in a
 * polite live region. A request that newer typing overtakes is aborted. Without JavaScript
 * the region stays empty and the category step proposes on Continue, as it does anyway.
 */
export function TypingProposal({ queue }: { queue: RaisableQueue }) {
  const region = useRef<HTMLParagraphElement>(null);
  const csrfToken = useCsrfToken();
  const [shown, setShown] = useState<Proposal | null>(null);

  useEffect(() => {
    const form = region.current?.closest('form');
    if (!form) return undefined;
    let pause: ReturnType<typeof setTimeout> | undefined;
    let pending: AbortController | undefined;
    // The text of the last answer or the request under way: the same text is not asked twice.
    let asked = '';

    const ask = async () => {
      const subject = fieldValue(form, 'subject');
      const description = fieldValue(form, 'description');
      const text = proposalText(subject, description);
      if (text === asked) return;
      asked = text;
      if (!worthProposing(text)) {
        setShown(null);
        return;
      }
      const request = new AbortController();
      pending = request;
      try {
        const response = await fetch(CASE_PROPOSAL_API, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CSRF_HEADER]: csrfToken },
          body: JSON.stringify({ queue, subject, description }),
          signal: request.signal,
        });
        if (!response.ok) throw new Error(`proposal ${response.status}`);
        const answer = (await response.json()) as { proposal: Proposal | null };
        setShown(answer.proposal);
      } catch {
        // Overtaken, offline or limited: the category step still proposes on Continue.
        if (!request.signal.aborted) setShown(null);
        asked = '';
      }
    };

    const typed = (event: Event) => {
      const name = event.target instanceof Element ? event.target.getAttribute('name') : null;
      if (!name || !TYPED_FIELDS.has(name)) return;
      clearTimeout(pause);
      pending?.abort();
      pause = setTimeout(() => void ask(), PROPOSAL_PAUSE_MS);
    };
    form.addEventListener('input', typed);
    // Text brought back to this step (Back, or a refused Continue) gets its proposal at once.
    void ask();
    return () => {
      form.removeEventListener('input', typed);
      clearTimeout(pause);
      pending?.abort();
    };
  }, [queue, csrfToken]);

  return (
    <p ref={region} role="status" className={shown ? caseStyles.typingProposal : undefined}>
      {shown ? (
        <>
          Looks like:{' '}
          <strong>
            {shown.categoryName}
            {shown.topicName ? ` › ${shown.topicName}` : ''}
          </strong>{' '}
          ({shown.percent}% sure
          {shown.because.length > 0 ? `, from words like “${shown.because.join('”, “')}”` : ''}
          ). You can keep or change it on the next step.
        </>
      ) : null}
    </p>
  );
}
