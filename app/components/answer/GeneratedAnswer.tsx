import { useEffect, useId, useMemo, useState } from 'react';
import { resultLink, resultTypeLabel } from '~core/search';
import type { ResultSettings } from '../search/result-settings.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import type { AnswerClient } from './answer-client.ts';
import type { AnswerCitation, AnswerState } from './answer-stream.ts';
import {
  answerPlainText,
  answerSegments,
  splitSentences,
  withoutOpenMarker,
} from './answer-text.ts';
import { AnswerFeedback } from './AnswerFeedback.tsx';
import { CitationLink } from './CitationLink.tsx';
import styles from './GeneratedAnswer.module.css';

/** How long 'Answer copied' stays. */
const COPIED_NOTICE_MS = 3000;

export const GENERATED_ANSWER_HEADING = 'Generated answer';
export const GENERATED_DISCLOSURE =
  'This answer was generated automatically from the help content it cites. It can be wrong: check the sources before you act on it.';

interface Links {
  newTab: boolean;
  hrefOf(citation: AnswerCitation): string;
  typeOf(citation: AnswerCitation): string | undefined;
  open(citation: AnswerCitation): void;
}

function AnswerText({
  text,
  citations,
  links,
}: {
  text: string;
  citations: ReadonlyMap<number, AnswerCitation>;
  links: Links;
}) {
  const known = useMemo(() => new Set(citations.keys()), [citations]);
  return answerSegments(text, known).map((segment, index) => {
    if (segment.type === 'text') return <span key={index}>{segment.text}</span>;
    const citation = citations.get(segment.number)!;
    return (
      <sup key={index} className={styles.markerWrap}>
        <CitationLink
          citation={citation}
          href={links.hrefOf(citation)}
          typeLabel={links.typeOf(citation)}
          className={styles.marker}
          label={`Source ${citation.number}: ${citation.title}`}
          onOpen={links.open}
          newTab={links.newTab}
        >
          {citation.number}
        </CitationLink>
      </sup>
    );
  });
}

/** The text is built on click: it needs the page's address for absolute links. */
function CopyButton({ text }: { text: () => string }) {
  const [notice, setNotice] = useState('');
  useEffect(() => {
    if (notice === '') return;
    const timer = setTimeout(() => setNotice(''), COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <>
      <button
        type="button"
        className={styles.action}
        onClick={() => {
          navigator.clipboard
            .writeText(text())
            .then(() => setNotice('Answer copied'))
            .catch(() => setNotice('The answer couldn’t be copied.'));
        }}
      >
        Copy answer
      </button>
      <span className={styles.copied} role="status">
        {notice}
      </span>
    </>
  );
}

export interface GeneratedAnswerProps {
  state: AnswerState;
  client: AnswerClient | undefined;
  settings: ResultSettings;
  headingLevel?: 2 | 3;
  /** Sources open in a new tab: the answer is help offered inside a form being filled. */
  sourcesInNewTab?: boolean;
}

/**
 * The generated answer above the search results (spec 1, 2.6): a skeleton while it loads, the
 * text as it streams with numbered citations linking to the cited items' public URLs, the
 * sources, 'Was this helpful?', copy, and a button to hide it. The answer says it was generated.
 */
export function GeneratedAnswer({
  state,
  client,
  settings,
  headingLevel = 2,
  sourcesInNewTab = false,
}: GeneratedAnswerProps) {
  const [hidden, setHidden] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  const citations = useMemo(
    () => new Map(state.citations.map((citation) => [citation.number, citation])),
    [state.citations],
  );
  const links = useMemo<Links>(
    () => ({
      newTab: sourcesInNewTab,
      hrefOf: (citation) =>
        resultLink({ clickUri: citation.clickUri, raw: citation.fields }, settings),
      typeOf: (citation) =>
        citation.fields ? resultTypeLabel({ raw: citation.fields }, settings.brand) : undefined,
      open: (citation) => {
        if (client && state.answerId) client.logCitationClick(state.answerId, citation.id);
      },
    }),
    [client, settings, state.answerId, sourcesInNewTab],
  );

  // A failed answer leaves the results alone: half an answer is never shown as a whole one.
  if (state.phase === 'idle' || state.phase === 'failed') return null;

  const finished = state.phase === 'done';
  const { complete, rest } = splitSentences(state.text, finished);
  const Heading = `h${headingLevel}` as const;
  const SourcesHeading = `h${headingLevel + 1}` as 'h3' | 'h4';
  const answered = finished && !state.declined;

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-answer-phase={state.phase}>
      <div className={styles.header}>
        <Heading id={headingId} className={styles.heading}>
          <svg
            className={styles.sparkle}
            width="18"
            height="18"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
          >
            <path
              d="M12 2l2.2 6.3L20.5 10.5l-6.3 2.2L12 19l-2.2-6.3L3.5 10.5l6.3-2.2z"
              fill="currentColor"
            />
          </svg>
          {GENERATED_ANSWER_HEADING}
        </Heading>
        <button
          type="button"
          className={styles.action}
          aria-expanded={!hidden}
          aria-controls={bodyId}
          onClick={() => setHidden((was) => !was)}
        >
          {hidden ? 'Show answer' : 'Hide answer'}
        </button>
      </div>
      <div id={bodyId} hidden={hidden} className={styles.body}>
        <p className={styles.disclosure}>{GENERATED_DISCLOSURE}</p>
        {state.phase === 'loading' ? (
          <Skeleton layout="generatedAnswer" label="Generating an answer…" />
        ) : null}
        <p className={state.declined ? `${styles.answer} ${styles.declined}` : styles.answer}>
          {/* Only whole sentences enter the live region, each once: a screen reader hears the
              answer sentence by sentence instead of the whole text again on every piece. */}
          <span aria-live="polite" aria-atomic="false" aria-relevant="additions">
            {complete.map((sentence, index) => (
              <span key={index}>
                <AnswerText text={sentence} citations={citations} links={links} />
              </span>
            ))}
          </span>
          {rest === '' ? null : (
            <span>
              <AnswerText text={withoutOpenMarker(rest)} citations={citations} links={links} />
            </span>
          )}
        </p>

        {state.citations.length > 0 ? (
          <>
            <SourcesHeading className={styles.sourcesHeading}>Sources</SourcesHeading>
            <ol className={styles.sources}>
              {state.citations.map((citation) => {
                const type = links.typeOf(citation);
                return (
                  <li key={citation.number} value={citation.number} className={styles.source}>
                    <CitationLink
                      citation={citation}
                      href={links.hrefOf(citation)}
                      typeLabel={type}
                      className={styles.sourceLink}
                      onOpen={links.open}
                      newTab={links.newTab}
                    >
                      {citation.title}
                    </CitationLink>
                    {type ? <span className={styles.sourceType}>{type}</span> : null}
                  </li>
                );
              })}
            </ol>
          </>
        ) : null}

        {answered && state.answerId && client ? (
          <div className={styles.footer}>
            <AnswerFeedback key={state.answerId} answerId={state.answerId} client={client} />
            <div className={styles.copy}>
              <CopyButton
                text={() =>
                  answerPlainText(
                    state.text,
                    state.citations,
                    (citation) => new URL(links.hrefOf(citation), window.location.href).href,
                  )
                }
              />
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}
