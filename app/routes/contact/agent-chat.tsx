import { useId, useState, type FormEvent } from 'react';
import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { formatCaseNumber } from '~core/cases';
import { AGENT_CHAT_API, CHAT_MESSAGE_MAX, mayWrite } from '~core/contact';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import { SelectField, TextField } from '~app/components/community/CommunityFormFields.tsx';
import styles from '~app/components/community/community.module.css';
import { postChat } from '~app/components/contact/chat/chat-api.ts';
import chatStyles from '~app/components/contact/chat/chat.module.css';
import { ChatTranscript } from '~app/components/contact/chat/ChatTranscript.tsx';
import { statusOf, useChatLines } from '~app/components/contact/chat/use-chat-lines.ts';
import { pageMeta } from '~app/meta.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { notFound } from '../kb/page-data.server.ts';
import { done, rejected } from '../community/community.server.ts';
import { requireAgentPage } from '../agent/agent.server.ts';
import { listCaseCategories } from '../cases/case-service.server.ts';
import {
  chatCaseNeedsEmail,
  chatLinesAfter,
  endChat,
  fileChatAsCase,
  findChat,
} from './contact.server.ts';
import { guestHelpContext } from './guest-help.server.ts';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Chat with a customer';

async function chatFor({ request, context, params }: LoaderFunctionArgs) {
  requireAgentPage(context, request);
  const chat = await findChat({ db: context.db }, params.chatId ?? '');
  if (!chat || !context.viewer.user) notFound();
  const { user } = context.viewer;
  return { chat, agent: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() } };
}

/** A chat's transcript, live, with the reply box for the agent who holds it. */
export async function loader(args: LoaderFunctionArgs) {
  const { chat, agent } = await chatFor(args);
  const db = args.context.db;
  const fileable = chat.status === 'ended' && chat.case_number === null;
  return {
    id: chat.id,
    filing: fileable
      ? {
          needsEmail: await chatCaseNeedsEmail({ db }, chat),
          categories: (await listCaseCategories(db, 'customer')).map((category) => ({
            value: category.id,
            label: category.name,
          })),
        }
      : null,
    status: chat.status,
    heldByMe: chat.agent_id === agent.id,
    holder: chat.agent_name,
    caseNumber: chat.case_number === null ? null : formatCaseNumber(chat.case_number),
    lines: await chatLinesAfter({ db: args.context.db }, chat.id, 0, 1_000),
  };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action(args: ActionFunctionArgs) {
  const { chat, agent } = await chatFor(args);
  const { context, request } = args;
  const form = await request.formData();
  const intent = form.get('intent') === 'file-case' ? 'file-case' : 'end';
  if (!context.verifyCsrf(form)) return rejected(intent, CSRF_REJECTED.message, {}, 403);
  if (intent === 'file-case') {
    const typed = {
      email: String(form.get('email') ?? ''),
      categoryId: String(form.get('categoryId') ?? ''),
    };
    const filed = await fileChatAsCase(guestHelpContext(context), chat, agent, typed);
    if (filed.kind === 'case')
      return done(
        'file-case',
        `The chat became case ${filed.caseNumber}; you hold it in your queue.`,
      );
    return filed.kind === 'invalid'
      ? rejected('file-case', filed.message, typed, 400, filed.field)
      : rejected('file-case', filed.message, typed, 409);
  }
  const chats = { db: context.db, news: context.chatNews, now: context.clock.now() };
  return (await endChat(chats, chat, { agent }))
    ? done('end', 'The chat ended; its transcript is kept.')
    : rejected('end', 'This chat is not yours to end, or it has ended already.', {}, 409);
}

export default function AgentChatPage() {
  const page = useLoaderData<typeof loader>();
  const { lines } = useChatLines(`${AGENT_CHAT_API}/${page.id}/events`, page.lines);
  const status = statusOf(lines, page.status);
  const ending = useFormResult('end');
  const filing = useFormResult('file-case');
  const writes = page.heldByMe && mayWrite(status, 'agent');
  return (
    <div className={styles.page}>
      <p>
        <Link to="/agent/chats">Back to the chats</Link>
      </p>
      <h1 className={styles.title}>{HEADING}</h1>
      <p role="status" className={styles.muted}>
        {status === 'ended'
          ? `This chat has ended${page.caseNumber ? ` and became case ${page.caseNumber}` : ''}.`
          : page.heldByMe
            ? 'You hold this chat: the customer sees your replies at once.'
            : page.holder
              ? `${page.holder} holds this chat.`
              : 'Nobody has taken this chat yet.'}
      </p>
      <ChatTranscript lines={lines} reader="agent" label="Chat transcript" />
      {writes ? <ReplyBox chatId={page.id} /> : null}
      {writes ? <CommunityForm formId="end" intent="end" submitLabel="End chat" /> : null}
      {ending.done ? <p role="status">{ending.done.message}</p> : null}
      {ending.rejection ? <p role="alert">{ending.rejection.message}</p> : null}
      {filing.done ? <p role="status">{filing.done.message}</p> : null}
      {page.filing && status === 'ended' && !filing.done ? (
        <section aria-labelledby="file-case-heading">
          <h2 id="file-case-heading">Turn this chat into a case</h2>
          <p className={styles.muted}>
            When the problem needs work after the chat, file its transcript as a case. You keep the
            case, and the customer gets its confirmation by e-mail.
          </p>
          <CommunityForm formId="file-case" intent="file-case" submitLabel="File as a case">
            {page.filing.needsEmail ? (
              <TextField
                name="email"
                label="Customer's e-mail address"
                hint="The visitor was not signed in: the address they gave in the chat."
                required
                maxLength={320}
              />
            ) : null}
            <SelectField
              name="categoryId"
              label="Category"
              required
              options={page.filing.categories}
            />
          </CommunityForm>
        </section>
      ) : null}
    </div>
  );
}

/** The agent's reply, sent without leaving the page; a refusal shows at the field, text kept. */
function ReplyBox({ chatId }: { chatId: string }) {
  const fieldId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (text.trim() === '') return setProblem('Write a message first.');
    setBusy(true);
    const sent = await postChat(`${AGENT_CHAT_API}/${chatId}/messages`, { text });
    if (sent.ok) {
      setText('');
      setProblem(undefined);
    } else setProblem(sent.message);
    setBusy(false);
  };
  return (
    <form className={chatStyles.composer} onSubmit={(event) => void send(event)} noValidate>
      <label htmlFor={fieldId} className={styles.label}>
        Your reply
      </label>
      <textarea
        id={fieldId}
        className={styles.textarea}
        rows={3}
        maxLength={CHAT_MESSAGE_MAX * 2}
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
        <button type="submit" className={styles.button} disabled={busy}>
          Send reply
        </button>
      </div>
    </form>
  );
}
