import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser.ts';
import { expectNoSeriousAxeViolations, pressByKeyboard, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots/chat';
const AGENT = 'Jordan Lee';
const CUSTOMER = 'Priya Raman';
const CHAT = '/s/chat-support';

describeInBrowser('chat support in a browser', () => {
  let portal: PortalUnderTest;
  const startedPortal = useOwnPortal(async () => ({
    SIGN_IN_RATE_LIMIT: '200',
  }));
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  const pages = useSuitePages(startedPortal);
  const transcript = (page: Page) => page.getByRole('log', { name: 'Chat transcript' });

  /** Asks the assistant by keyboard and waits until its answer is in the transcript. */
  async function ask(page: Page, question: string): Promise<void> {
    await page.getByLabel('Your question').fill(question);
    await page.getByLabel('Your question').press('Enter');
    await transcript(page).getByText('Assistant', { exact: true }).first().waitFor();
  }

  it('turns a signed-in customer’s chat into a case when no agent is online', async () => {
    const page = await pages.signedInAs(CUSTOMER, CHAT, 375);
    await ask(page, 'How do I reset my password?');
    expect(await transcript(page).getByRole('link').count()).toBeGreaterThan(0);
    await expectNoSeriousAxeViolations(page, 'chat with the assistant');
    await page.screenshot({ path: `${SCREENSHOTS}/assistant-375.png`, fullPage: true });

    await pressByKeyboard(page, 'Talk to a person');
    await page.getByText(/Your chat is now case \d{8}/).waitFor();
    await transcript(page)
      .getByText(/this chat became case \d{8}/)
      .waitFor();
    await page.getByRole('link', { name: 'Open the case' }).click();
    await page.getByText('Chat: How do I reset my password?').first().waitFor();
  });

  it('hands a guest’s chat to an online agent, live both ways, until the agent ends it', async () => {
    const agent = await pages.signedInAs(AGENT, '/agent/chats');
    await pressByKeyboard(agent, 'Go online');
    await agent.getByRole('heading', { name: 'You are online' }).waitFor();

    const visitor = await pages.newPage({ width: 1280 });
    await visitor.goto(`${portal.baseUrl}/s/contact-support`);
    await visitor.getByText('Available now: agents are online').waitFor();
    await visitor.getByRole('link', { name: 'Start a chat' }).click();
    await ask(visitor, 'My bank feed stopped updating');
    await visitor.getByRole('button', { name: 'Talk to a person' }).click();
    await transcript(visitor)
      .getByText(/You asked for a person/)
      .waitFor();

    // The waiting chat reaches the agent's list without a reload.
    const take = agent.getByRole('button', {
      name: 'Take the chat: My bank feed stopped updating',
    });
    await take.waitFor();
    await take.click();
    await agent.waitForURL(/\/agent\/chats\/[0-9a-f-]{36}$/);
    await transcript(agent).getByText('My bank feed stopped updating').waitFor();
    await transcript(visitor)
      .getByText(`${AGENT} from the support team joined the chat.`)
      .waitFor();

    await agent.getByLabel('Your reply').fill('Hello, I can look at your bank feed.');
    await agent.getByLabel('Your reply').press('Enter');
    await transcript(visitor).getByText('Hello, I can look at your bank feed.').waitFor();
    await visitor.getByLabel('Your message').fill('Thank you <b>so much</b>');
    await visitor.getByLabel('Your message').press('Enter');
    await transcript(agent).getByText('Thank you <b>so much</b>').waitFor();
    await expectNoSeriousAxeViolations(agent, 'agent chat');
    await expectNoSeriousAxeViolations(visitor, 'visitor chat with an agent');
    await agent.screenshot({ path: `${SCREENSHOTS}/agent-1280.png`, fullPage: true });
    await visitor.screenshot({ path: `${SCREENSHOTS}/visitor-1280.png`, fullPage: true });

    await agent.getByRole('button', { name: 'End chat' }).click();
    await transcript(visitor)
      .getByText(`${AGENT} ended the chat. Its transcript is kept.`)
      .waitFor();
    await visitor.getByText('This chat has ended. Its transcript stays below.').waitFor();
  });
});
