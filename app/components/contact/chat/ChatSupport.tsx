import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { CHAT_API, CHAT_MESSAGE_MAX, type ChatStatus } from '~core/contact';
import styles from '~app/components/community/community.module.css';
import { useRouteContract } from '~app/site.ts';
import { AssistantReply } from './AssistantReply.tsx';
import { postChat } from './chat-api.ts';
import { ChatAddressCase } from './ChatAddressCase.tsx';
import chatStyles from './chat.module.css';
import { ChatTranscript } from './ChatTranscript.tsx';
import { statusOf, useChatLines } from './use-chat-lines.ts';

type Outcome =
  | { kind: 'queued' | 'not-now' | 'verify-email' | 'no-email' }
  | { kind: 'case'; caseId: string; caseNumber: string }
  | { kind: 'address-case'; caseNumber: string; email: string | null };

const HINTS: Readonly<Record<ChatStatus, string>> = {
  assistant: 'Our assistant answers from the help articles. Ask for a person at any time.',
  waiting: 'You are in the queue; an agent joins in a moment. You can keep writing.',
  'with-agent': 'You are chatting with our support team.',
  ended: 'This chat has ended. Its transcript stays below.',
};

/**
 * The visitor's side of a chat: questions go to the assistant until they ask for a person;
 * then their messages go to the agent who takes the chat. It needs JavaScript (a live
 * stream); the page says so to browsers without it.
 */
export function ChatSupport() {
  const contract = useRouteContract();
  const [started, setStarted] = useState<ChatStatus | 'none' | undefined>(undefined);
  // Each chat started on this page gets its own stream address, so a new one starts afresh.
  const [round, setRound] = useState(0);
  const { lines } = useChatLines(
    started && started !== 'none' ? `${CHAT_API}/events?chat=${round}` : undefined,
  );
  const status: ChatStatus | 'none' | undefined =
    started && started !== 'none' ? statusOf(lines, started) : started;
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [asked, setAsked] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  useEffect(() => {
    void fetch(CHAT_API, { credentials: 'same-origin' })
      .then((response) => response.json() as Promise<{ chat: { status: ChatStatus } | null }>)
      .then((body) => setStarted(body.chat ? body.chat.status : 'none'))
      .catch(() => setStarted('none'));
  }, []);

  const ensureChat = async (): Promise<boolean> => {
    if (status !== 'none' && status !== 'ended') return true;
    const begun = await postChat<{ status: ChatStatus }>(`${CHAT_API}/start`);
    if (!begun.ok) setProblem(begun.message);
    else {
      setRound((count) => count + 1);
      setStarted(begun.data.status);
    }
    return begun.ok;
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || asked !== undefined) return;
    const message = text.trim();
    if (message === '') return setProblem('Write a message first.');
    if (message.length > CHAT_MESSAGE_MAX)
      return setProblem(
        `A message can be at most ${CHAT_MESSAGE_MAX.toLocaleString('en')} characters.`,
      );
    setBusy(true);
    setProblem(undefined);
    if (await ensureChat()) {
      if (status === 'none' || status === 'ended' || status === 'assistant') {
        setAsked(message);
        setText('');
      } else {
        const sent = await postChat(`${CHAT_API}/messages`, { text: message });
        if (sent.ok) setText('');
        else setProblem(sent.message);
      }
    }
    setBusy(false);
  };

  const answered = useCallback(
    (answerId: string) => {
      if (asked === undefined) return;
      void postChat(`${CHAT_API}/answers`, { question: asked, answerId }).then((kept) => {
        if (!kept.ok) setProblem(kept.message);
        setAsked(undefined);
      });
    },
    [asked],
  );
  const unanswered = useCallback(() => {
    if (asked === undefined) return;
    void postChat(`${CHAT_API}/messages`, { text: asked }).then(() => {
      setProblem('The assistant could not answer just now. Ask for a person, or try again.');
      setAsked(undefined);
    });
  }, [asked]);

  const askForPerson = async () => {
    setBusy(true);
    setProblem(undefined);
    if (await ensureChat()) {
      const asking = await postChat<Outcome>(`${CHAT_API}/person`);
      if (asking.ok) setOutcome(asking.data);
      else setProblem(asking.message);
    }
    setBusy(false);
  };

  const end = async () => {
    setBusy(true);
    const ended = await postChat(`${CHAT_API}/end`);
    if (!ended.ok) setProblem(ended.message);
    setBusy(false);
  };

  if (status === undefined) return <p className={styles.muted}>Opening the chat…</p>;
  const live = status !== 'none' && status !== 'ended';
  return (
    <section className={styles.section} aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className={styles.sectionTitle}>
        {status === 'with-agent' ? 'Chat with our team' : 'Chat'}
      </h2>
      <p role="status" className={styles.muted}>
        {status === 'none' ? HINTS.assistant : HINTS[status]}
      </p>
      {lines.length > 0 ? (
        <ChatTranscript lines={lines} reader="visitor" label="Chat transcript" />
      ) : null}
      {asked !== undefined ? (
        <div className={chatStyles.pending}>
          <p className={chatStyles.author}>You asked: {asked}</p>
          <AssistantReply question={asked} onAnswered={answered} onFailed={unanswered} />
        </div>
      ) : null}
      {outcome?.kind === 'verify-email' && status === 'assistant' ? (
        <ChatAddressCase onCase={(made) => setOutcome({ kind: 'address-case', ...made })} />
      ) : (
        <OutcomeNote outcome={outcome} casePath={(id) => contract?.path('case', { id }) ?? '#'} />
      )}
      <form className={chatStyles.composer} onSubmit={(event) => void send(event)} noValidate>
        <label htmlFor={fieldId} className={styles.label}>
          {status === 'waiting' || status === 'with-agent' ? 'Your message' : 'Your question'}
        </label>
        <textarea
          id={fieldId}
          className={styles.textarea}
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) void send(event);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${fieldId}-problem` : undefined}
        />
        {problem ? (
          <p id={`${fieldId}-problem`} className={styles.error} role="alert">
            {problem}
          </p>
        ) : null}
        <div className={chatStyles.controls}>
          <button type="submit" className={styles.button} disabled={busy || asked !== undefined}>
            Send
          </button>
          {status === 'none' || status === 'assistant' ? (
            <button
              type="button"
              className={styles.quietButton}
              disabled={busy}
              onClick={() => void askForPerson()}
            >
              Talk to a person
            </button>
          ) : null}
          {live ? (
            <button
              type="button"
              className={styles.quietButton}
              disabled={busy}
              onClick={() => void end()}
            >
              End chat
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

function OutcomeNote({
  outcome,
  casePath,
}: {
  outcome: Outcome | undefined;
  casePath(id: string): string;
}) {
  if (!outcome) return null;
  if (outcome.kind === 'case')
    return (
      <p className={styles.notice} role="status">
        Your chat is now case {outcome.caseNumber}.{' '}
        <a href={casePath(outcome.caseId)}>Open the case</a>
      </p>
    );
  if (outcome.kind === 'address-case')
    return (
      <p className={styles.notice} role="status">
        Your chat is now case {outcome.caseNumber}. We e-mailed
        {outcome.email ? ` ${outcome.email}` : ' you'} a link to follow it and reply.
      </p>
    );
  if (outcome.kind === 'no-email')
    return (
      <p className={styles.notice} role="status">
        No agent is online, and your account has no e-mail address to answer a case at. Raise a case
        with a phone number instead.
      </p>
    );
  return null;
}
