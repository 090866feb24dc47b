// Chat's figures (docs/contact-support.md, "Chat"): one built portal on 127.0.0.1 with its demo
// content, on SQLite unless BENCH_DATABASE_URL names a PostgreSQL database.
//  1. The assistant: the time to the first piece of the answer (the first `delta` event) with
//     the built-in grounded provider, for questions asked for the first time and asked again.
//  2. Live chat: chats handed to agents; each agent message's time from the agent's request to
//     its arrival on the visitor's open stream.
//   npm run bench:chat                        (30 questions × 3 rounds, 20 chats × 10 messages)
//   CHAT_CHATS=40 CHAT_MESSAGES=20 CHAT_GAP_MS=50 npm run bench:chat
import { remoteMethodRequest } from '~core/gateway';
import { createDatabase } from '~server/db/database.ts';
import { testConfig } from '~tests/support/config.ts';
import { startPortal } from '~tests/support/portal-process.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';

const CHATS = Number(process.env.CHAT_CHATS ?? 20);
const MESSAGES = Number(process.env.CHAT_MESSAGES ?? 10);
/** Between one agent's messages: 20 agents writing every 200 ms is 100 messages a second. */
const GAP_MS = Number(process.env.CHAT_GAP_MS ?? 200);
const GOALS = { firstTokenP95Ms: 1_000, agentToVisitorP95Ms: 500 };
const QUESTIONS = [
  'How do I reset my password?',
  'How do I connect a bank feed?',
  'Why is my bank feed not updating?',
  'How do I reconcile a bank account?',
  'How do I create an invoice?',
  'How do I send a quote?',
  'How do I set up payroll?',
  'How do I run a pay run?',
  'How do I lodge a BAS?',
  'How do I file a VAT return?',
  'How do I add a user?',
  'How do I turn on multi-factor authentication?',
  'How do I change my subscription?',
  'How do I import contacts?',
  'How do I record a bill?',
  'How do I set up tax rates?',
  'What is a chart of accounts?',
  'How do I close the financial year?',
  'How do I add an employee?',
  'How do I pay a supplier?',
  'How do I connect to payment services?',
  'What is open banking?',
  'How do I export a report?',
  'How do I void an invoice?',
  'How do I change my invoice template?',
  'How do I track expenses?',
  'How do I add my accountant?',
  'How do I set up a recurring invoice?',
  'What is a journal entry?',
  'How do I delete a transaction?',
];

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
}

function summary(name: string, values: readonly number[]): string {
  const fixed = (value: number) => value.toFixed(1);
  return `${name}: n=${values.length} p50=${fixed(percentile(values, 0.5))} ms p95=${fixed(percentile(values, 0.95))} ms max=${fixed(Math.max(...values))} ms`;
}

const portal = await startPortal({
  LOG_LEVEL: 'warn',
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
try {
  const config = testConfig();
  const database = await createDatabase(portal.databaseUrl);
  // Signed-in visitors and agents each count their own rate limits, as real ones would.
  const visitors: SignedInSession[] = [];
  const agents: SignedInSession[] = [];
  for (let index = 0; index < CHATS; index += 1) {
    visitors.push(await signInAs(database, `bench-chat-visitor-${index}`, config));
    agents.push(
      await signInAs(database, { subject: `bench-chat-agent-${index}`, isAgent: true }, config),
    );
  }
  await database.close();
  const url = (path: string) => `${portal.baseUrl}${path}`;
  const json = (who: SignedInSession, extraCookie = '') => ({
    cookie: `${who.cookie}${extraCookie}`,
    'x-csrf-token': who.csrfToken,
    'content-type': 'application/json',
  });

  // 1. The assistant's first token.
  const searchHub = `${config.prefix}_GlobalSearch`;
  // The answer API limits each visitor: questions go round the visitors, each with its token.
  const askers = await Promise.all(
    visitors.map(async (visitor) => {
      const configuration = await fetch(
        url(remoteMethodRequest(config.prefix, 'getHeadlessConfiguration', { searchHub }).url),
        { headers: { cookie: visitor.cookie } },
      );
      const { accessToken } = JSON.parse((await configuration.json()) as string) as {
        accessToken: string;
      };
      return { visitor, accessToken };
    }),
  );
  let turn = 0;
  const firstToken = async (q: string): Promise<number> => {
    const asker = askers[turn++ % askers.length]!;
    const started = performance.now();
    const response = await fetch(url('/api/answers/stream'), {
      method: 'POST',
      headers: { ...json(asker.visitor), authorization: `Bearer ${asker.accessToken}` },
      body: JSON.stringify({ searchHub, q }),
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    let at: number | undefined;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
      at ??= /event: (delta|end)/.test(text) ? performance.now() - started : undefined;
    }
    if (at === undefined) throw new Error(`No answer for "${q}": ${text.slice(0, 200)}`);
    return at;
  };
  const fresh: number[] = [];
  const again: number[] = [];
  for (let round = 0; round < 3; round += 1)
    for (const question of QUESTIONS)
      (round === 0 ? fresh : again).push(await firstToken(question));

  // 2. Agent messages to visitors: each chat handed over, then messages timed on arrival.
  const chatCookies: string[] = [];
  for (const [index, visitor] of visitors.entries()) {
    const started = await fetch(url('/api/chat/start'), {
      method: 'POST',
      headers: json(visitor),
      body: '{}',
    });
    const chatCookie = `; ${(started.headers.get('set-cookie') ?? '').split(';')[0]}`;
    chatCookies.push(chatCookie);
    await fetch(url('/api/chat/messages'), {
      method: 'POST',
      headers: json(visitor, chatCookie),
      body: JSON.stringify({ text: `Bench chat ${index}` }),
    });
  }
  const form = (who: SignedInSession, path: string, fields: Record<string, string>) =>
    fetch(url(path), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: who.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: who.csrfToken, ...fields }).toString(),
    });
  await form(agents[0]!, '/agent/chats', { intent: 'presence', online: 'on' });
  for (const [index, visitor] of visitors.entries()) {
    const person = await fetch(url('/api/chat/person'), {
      method: 'POST',
      headers: json(visitor, chatCookies[index]),
      body: '{}',
    });
    if (((await person.json()) as { kind: string }).kind !== 'queued')
      throw new Error('A chat was not queued for an agent');
  }
  const chatIds = await waitingChats(agents[0]!);
  const delays: number[] = [];
  await Promise.all(
    visitors.map(async (visitor, index) => {
      const agent = agents[index]!;
      const chatId = chatIds.get(`Bench chat ${index}`);
      if (!chatId) throw new Error(`Chat ${index} is not waiting`);
      const stream = await fetch(url('/api/chat/events'), {
        headers: { cookie: `${visitor.cookie}${chatCookies[index]}` },
      });
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      const sentAt = new Map<string, number>();
      let received = 0;
      const arrived = (async () => {
        let buffer = '';
        while (received < MESSAGES) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          const events = buffer.split('\n\n');
          buffer = events.pop() ?? '';
          for (const event of events) {
            const body = /"body":"(bench-[0-9]+-[0-9]+)"/.exec(event)?.[1];
            const at = body === undefined ? undefined : sentAt.get(body);
            if (at === undefined) continue;
            delays.push(performance.now() - at);
            received += 1;
          }
        }
        await reader.cancel();
      })();
      const taken = await form(agent, '/agent/chats', { intent: 'take', chat: chatId });
      if (taken.status !== 302) throw new Error(`Taking a chat answered ${taken.status}`);
      for (let message = 0; message < MESSAGES; message += 1) {
        const body = `bench-${index}-${message}`;
        sentAt.set(body, performance.now());
        const sent = await fetch(url(`/api/agent-chat/${chatId}/messages`), {
          method: 'POST',
          headers: json(agent),
          body: JSON.stringify({ text: body }),
        });
        if (!sent.ok) throw new Error(`An agent message answered ${sent.status}`);
        await new Promise((resolve) => setTimeout(resolve, GAP_MS));
      }
      await arrived;
    }),
  );

  /** The waiting chats by their first line, from the agents' queue stream. */
  async function waitingChats(agent: SignedInSession): Promise<Map<string, string>> {
    const controller = new AbortController();
    const stream = await fetch(url('/api/agent-chat/queue'), {
      headers: { cookie: agent.cookie },
      signal: controller.signal,
    });
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('\n\n')) text += (await reader.read()).value ?? '';
    controller.abort();
    const lists = JSON.parse(/^data: (.*)$/m.exec(text)?.[1] ?? '{}') as {
      waiting: { id: string; firstQuestion: string }[];
    };
    return new Map(lists.waiting.map((chat) => [chat.firstQuestion, chat.id]));
  }

  console.log(`Chat on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, 127.0.0.1`);
  console.log(summary('Assistant first token, first asked', fresh));
  console.log(summary('Assistant first token, asked again', again));
  console.log(summary(`Agent message to visitor (${CHATS} chats, every ${GAP_MS} ms)`, delays));
  const all = [...fresh, ...again];
  const verdicts = [
    [
      `first token p95 ≤ ${GOALS.firstTokenP95Ms} ms`,
      percentile(all, 0.95) <= GOALS.firstTokenP95Ms,
    ],
    [
      `agent message p95 ≤ ${GOALS.agentToVisitorP95Ms} ms`,
      percentile(delays, 0.95) <= GOALS.agentToVisitorP95Ms && delays.length === CHATS * MESSAGES,
    ],
  ] as const;
  for (const [goal, met] of verdicts) console.log(`${met ? 'met' : 'NOT met'}: ${goal}`);
  if (verdicts.some(([, met]) => !met)) process.exitCode = 1;
} finally {
  await portal.stop();
}
