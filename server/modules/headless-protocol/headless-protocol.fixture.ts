import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { remoteMethodRequest, type HeadlessConfiguration } from '~core/gateway';
import { buildPortalServer } from '~server/app.ts';
import type { Clock } from '~server/clock.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { markCaseSolved, raiseCase, retrainCaseClassifiers } from '~server/modules/cases';
import { caseWorld, customerCase } from '~server/modules/cases/cases.fixture.ts';
import { listTopics } from '~server/modules/content';
import { testConfig } from '~tests/support/config.ts';
import { freePort } from '~tests/support/portal-process.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';

/*
 * What the protocol's tests share: the portal listening on a free port (the search library
 * talks to it over the network, as a browser would), with the basic help content indexed and
 * the case classifiers trained on it, and the configuration getHeadlessConfiguration answers
 * to a visitor.
 */

export const GLOBAL = 'LL_GlobalSearch';
export const RECOMMENDATIONS = 'recommendations';
/** Statistics (PERF) consent, without which no search analytics are kept. */
export const STATISTICS_CONSENT = `CookieConsent=${encodeURIComponent(
  '{"preferences":false,"statistics":true,"marketing":false}',
)}`;

/** A visitor as the library's requests carry them: their cookies. */
export interface LibraryVisitor {
  cookie: string;
  csrfToken?: string;
}

export interface ListeningPortal {
  app: FastifyInstance;
  baseUrl: string;
  customer: SignedInSession;
  /** getHeadlessConfiguration for a hub, as the visitor asks for it. */
  configuration(searchHub: string, visitor: LibraryVisitor): Promise<HeadlessConfiguration>;
  /** A new guest: the cookie the portal gave them (their anonymous id), with PERF consent. */
  guest(): Promise<LibraryVisitor>;
}

const BANK_CASES = [
  'Bank feed stopped importing transactions',
  'Bank feed shows duplicate transactions',
  'Bank connection expired, no transactions import',
  'Credit card feed is missing transactions',
  'Reconnecting the bank feed fails',
  'Bank feed stuck on yesterday',
];
const PAY_CASES = [
  'Pay run failed for two employees',
  'Employee payslips were not emailed',
  'Leave balance wrong on the payslip',
  'Payroll filing rejected after the pay run',
  'Cannot add a new employee to the pay calendar',
  'Pay run shows the wrong tax for an employee',
];

/** The basic help content, and classifiers trained on solved bank-feed and payroll cases. */
async function trainedCaseClassifiers(database: PortalDatabase): Promise<void> {
  const world = await caseWorld(database.db);
  const payroll = (await listTopics(database.db)).find((topic) => topic.slug === 'payroll')?.id;
  const solve = async (subject: string, categoryId: string, topicId: string, impact: string) => {
    const input = customerCase(world, { subject });
    const { id } = await raiseCase(world.as('owner'), {
      ...input,
      classification: { categoryId, topicId },
      details: { ...input.details, impact },
    });
    await markCaseSolved(world.as('agent'), id);
  };
  for (const subject of BANK_CASES) {
    await solve(subject, world.topics.banking, world.topics.bankFeeds, 'whole-business');
  }
  for (const subject of PAY_CASES) await solve(subject, payroll ?? '', '', 'just-me');
  await retrainCaseClassifiers(database.db, new Date());
}

/** The portal over the basic help content, with its case classifiers trained. */
export async function openListeningPortal(
  database: PortalDatabase,
  options: { clock?: Clock } = {},
): Promise<ListeningPortal> {
  await trainedCaseClassifiers(database);
  return listeningPortal(database, options);
}

/** The portal over whatever content the database holds, listening on a free port. */
export async function listeningPortal(
  database: PortalDatabase,
  options: { clock?: Clock } = {},
): Promise<ListeningPortal> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = testConfig({ SITE_URL: baseUrl });
  const app = await buildPortalServer({ config, database, ...options });
  await app.listen({ port, host: '127.0.0.1' });
  const customer = await signInAs(database, 'headless-customer', config);

  async function configuration(searchHub: string, visitor: LibraryVisitor) {
    const request = remoteMethodRequest(config.prefix, 'getHeadlessConfiguration', { searchHub });
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      headers: {
        cookie: visitor.cookie,
        'content-type': 'application/json',
        ...(visitor.csrfToken ? { 'x-csrf-token': visitor.csrfToken } : {}),
      },
      ...(request.body ? { body: request.body } : {}),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return JSON.parse((await response.json()) as string) as HeadlessConfiguration;
  }

  async function guest(): Promise<LibraryVisitor> {
    const request = remoteMethodRequest(config.prefix, 'getHeadlessConfiguration', {
      searchHub: GLOBAL,
    });
    const response = await fetch(`${baseUrl}${request.url}`);
    const issued = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';', 1)[0])
      .join('; ');
    expect(issued).toContain('_csrf=');
    return { cookie: `${issued}; ${STATISTICS_CONSENT}` };
  }

  return { app, baseUrl, customer, configuration, guest };
}

/** The customer as the library's requests carry them, with PERF consent. */
export function customerVisitor(customer: SignedInSession): LibraryVisitor {
  return {
    cookie: `${customer.cookie}; ${STATISTICS_CONSENT}`,
    csrfToken: customer.csrfToken,
  };
}
