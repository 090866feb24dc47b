import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEARCH_API_PATH } from '~server/modules/headless-protocol';
import {
  customerVisitor,
  GLOBAL,
  listeningPortal,
  type LibraryVisitor,
  type ListeningPortal,
} from '~server/modules/headless-protocol/headless-protocol.fixture.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { indexResourceLibrary } from './index.ts';

/*
 * The search library's calls as the browser makes them: a partner finds the library's
 * resources, opens their quick view and is offered their titles; a guest and a customer, with
 * tokens of their own, get none of it, as if the resources did not exist.
 */
const TITLE = 'Co-branded campaign kit';

describeEachDialect('partner resources through the search library', (database) => {
  let portal: ListeningPortal;
  const visitors: Record<'partner' | 'customer' | 'guest', LibraryVisitor> = {
    partner: { cookie: '' },
    customer: { cookie: '' },
    guest: { cookie: '' },
  };

  beforeAll(async () => {
    await indexResourceLibrary(database().db);
    portal = await listeningPortal(database());
    const partner = await signInAs(database(), {
      subject: 'resource-search-partner',
      email: 'resource-search-partner@example.com',
      isPartner: true,
    });
    visitors.partner = customerVisitor(partner);
    visitors.customer = customerVisitor(portal.customer);
    visitors.guest = await portal.guest();
  }, 60_000);
  afterAll(async () => {
    await portal?.app.close();
  });

  async function call(who: LibraryVisitor, path: string, body: Record<string, unknown>) {
    const { accessToken } = await portal.configuration(GLOBAL, who);
    return portal.app.inject({
      method: 'POST',
      url: `${SEARCH_API_PATH}${path}`,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${accessToken}`,
        cookie: who.cookie,
      },
      payload: JSON.stringify(body),
    });
  }

  const found = async (who: LibraryVisitor) => {
    const response = await call(who, '', { q: 'co-branded campaign kit', numberOfResults: 10 });
    expect(response.statusCode).toBe(200);
    return (response.json() as { results: { title: string; uniqueId: string }[] }).results;
  };
  const completions = async (who: LibraryVisitor) => {
    const response = await call(who, '/querySuggest', { q: 'co-branded camp', count: 10 });
    expect(response.statusCode).toBe(200);
    return (response.json() as { completions: { expression: string }[] }).completions.map(
      (completion) => completion.expression,
    );
  };

  it('finds, shows and suggests a resource to a partner', async () => {
    const resource = (await found(visitors.partner)).find((result) => result.title === TITLE);
    expect(resource).toBeDefined();
    const view = await call(visitors.partner, `/html?uniqueId=${resource?.uniqueId}`, {});
    expect(view.statusCode).toBe(200);
    expect(view.body).toContain(TITLE);
    expect((await completions(visitors.partner)).map((text) => text.toLowerCase())).toContain(
      TITLE.toLowerCase(),
    );
  });

  it('gives a guest and a customer no result, quick view or suggestion of it', async () => {
    const [resource] = (await found(visitors.partner)).filter((result) => result.title === TITLE);
    for (const who of [visitors.guest, visitors.customer]) {
      expect((await found(who)).map((result) => result.title)).not.toContain(TITLE);
      const view = await call(who, `/html?uniqueId=${resource?.uniqueId}`, {});
      expect(view.statusCode).toBe(400);
      expect(view.body).not.toContain(TITLE);
      expect((await completions(who)).map((text) => text.toLowerCase())).not.toContain(
        TITLE.toLowerCase(),
      );
    }
  });
});
