import { useEffect, useState } from 'react';
import {
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { AGENT_CHAT_API } from '~core/contact';
import { CommunityForm, useFormResult } from '~app/components/community/CommunityForm.tsx';
import styles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { done, rejected } from '../community/community.server.ts';
import { requireAgentPage } from '../agent/agent.server.ts';
import { agentChatPath } from '../agent/workspace-nav.ts';
import {
  agentChatLists,
  agentPresence,
  findChat,
  setAgentPresence,
  takeChat,
  type ChatSummary,
} from './contact.server.ts';

export { headers } from '~app/personal-page.ts';

const HEADING = 'Chats';

function agentOf(context: LoaderFunctionArgs['context'], request: Request) {
  requireAgentPage(context, request);
  const { user } = context.viewer;
  if (!user) throw new Error('requireAgentPage lets only agents through');
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
}

/** The agent's presence switch, the chats waiting for an agent, and the chats they hold. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const agent = agentOf(context, request);
  return {
    online: await agentPresence({ db: context.db }, agent.id),
    ...(await agentChatLists({ db: context.db }, agent.id)),
  };
}

export function meta({ matches }: MetaArgs<typeof loader>) {
  return pageMeta(matches, () => HEADING, { noIndex: true });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const agent = agentOf(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (!context.verifyCsrf(form)) return rejected(intent, CSRF_REJECTED.message, {}, 403);
  const chats = { db: context.db, news: context.chatNews, now: context.clock.now() };
  if (intent === 'presence') {
    const online = form.get('online') === 'on';
    await setAgentPresence(chats, agent, online);
    return done(
      'presence',
      online ? 'You are online: new chats can reach you.' : 'You are offline.',
    );
  }
  if (intent === 'take') {
    const chat = await findChat(chats, String(form.get('chat') ?? ''));
    if (chat && (await takeChat(chats, chat, agent))) throw redirect(agentChatPath(chat.id));
    return rejected('take', 'Another agent took this chat, or the visitor left.', {}, 409);
  }
  return rejected(intent, 'Unknown action.', {}, 400);
}

interface Lists {
  waiting: ChatSummary[];
  held: ChatSummary[];
  ended: ChatSummary[];
}

/** The lists as the loader gave them, then as the queue's stream sends them. */
function useLiveLists(initial: Lists): Lists {
  const [lists, setLists] = useState(initial);
  useEffect(() => {
    const source = new EventSource(`${AGENT_CHAT_API}/queue`);
    source.addEventListener('lists', (event) => {
      setLists(JSON.parse((event as MessageEvent<string>).data) as Lists);
    });
    return () => source.close();
  }, []);
  return lists;
}

export default function AgentChatsPage() {
  const page = useLoaderData<typeof loader>();
  const lists = useLiveLists(page);
  const presence = useFormResult('presence');
  const taking = useFormResult('take');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{HEADING}</h1>
      <section className={styles.section} aria-labelledby="presence">
        <h2 id="presence" className={styles.sectionTitle}>
          {page.online ? 'You are online' : 'You are offline'}
        </h2>
        <p className={styles.muted}>
          {page.online
            ? 'Visitors who ask for a person wait below for you while this page is open.'
            : 'While no agent is online, visitors who ask for a person get a case instead.'}
        </p>
        <CommunityForm
          formId="presence"
          intent="presence"
          hidden={{ online: page.online ? 'off' : 'on' }}
          submitLabel={page.online ? 'Go offline' : 'Go online'}
        />
        {presence.done ? <p role="status">{presence.done.message}</p> : null}
      </section>
      <section className={styles.section} aria-labelledby="waiting-chats">
        <h2 id="waiting-chats" className={styles.sectionTitle}>
          Waiting for an agent
        </h2>
        {taking.rejection ? <p role="alert">{taking.rejection.message}</p> : null}
        <ChatList
          chats={lists.waiting}
          empty="No chat is waiting."
          action={(chat) => (
            <CommunityForm
              formId="take"
              intent="take"
              hidden={{ chat: chat.id }}
              submitLabel="Take chat"
              buttonLabel={`Take the chat: ${chat.firstQuestion || 'no question yet'}`}
            />
          )}
        />
      </section>
      <section className={styles.section} aria-labelledby="held-chats">
        <h2 id="held-chats" className={styles.sectionTitle}>
          Your chats
        </h2>
        <ChatList
          chats={lists.held}
          empty="You hold no chat."
          action={(chat) => <Link to={agentChatPath(chat.id)}>Open the chat</Link>}
        />
      </section>
      <section className={styles.section} aria-labelledby="ended-chats">
        <h2 id="ended-chats" className={styles.sectionTitle}>
          Ended chats you held
        </h2>
        <p className={styles.muted}>
          A chat whose problem needs more work can still become a case from its page.
        </p>
        <ChatList
          chats={lists.ended}
          empty="No ended chat waits to become a case."
          action={(chat) => (
            <Link to={agentChatPath(chat.id)}>
              Open the chat
              {chat.firstQuestion ? (
                <span className="visually-hidden">: {chat.firstQuestion}</span>
              ) : null}
            </Link>
          )}
        />
      </section>
    </div>
  );
}

function ChatList({
  chats,
  empty,
  action,
}: {
  chats: ChatSummary[];
  empty: string;
  action(chat: ChatSummary): React.ReactNode;
}) {
  if (chats.length === 0) return <p className={styles.muted}>{empty}</p>;
  return (
    <ul className={styles.list}>
      {chats.map((chat) => (
        <li key={chat.id} className={styles.card}>
          <p className={styles.cardTitle}>{chat.firstQuestion || 'No question yet'}</p>
          <p className={styles.meta}>
            {chat.region} · since {chat.since.slice(11, 16)} UTC
          </p>
          {action(chat)}
        </li>
      ))}
    </ul>
  );
}
