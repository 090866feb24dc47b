import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { preferenceLinks, preferencesOf, savePreferences } from './index.ts';
import { unsubscribeByLink } from './preferences.service.ts';

const config = testConfig();
const links = preferenceLinks(config.sessionSecret);
const PAGE_URL = `${config.siteUrl}/0/settings/marketing-communication-preferences`;
const NOW = new Date('2026-11-27T04:00:00.000Z');

describeEachDialect('changes of one address in the same millisecond', (database) => {
  it('are read in the order they were made: an unsubscribe right after subscribing stops it', async () => {
    const email = 'same.moment@example.com';
    const context = { now: NOW, links, pageUrl: PAGE_URL, brand: config.brand };
    for (let round = 0; round < 5; round += 1) {
      await savePreferences(database().db, new Set(['product-news:email']) as never, {
        ...context,
        email,
        userId: null,
        offer: { topics: ['product-news'], channels: ['email'] },
        source: 'subscribe-form',
      });
      expect((await preferencesOf(database().db, email)).subscriptions.size).toBe(1);
      expect(await unsubscribeByLink(database().db, { email }, context)).toBe(1);
      expect((await preferencesOf(database().db, email)).subscriptions.size).toBe(0);
    }
    const times = (await preferencesOf(database().db, email)).history.map((row) => row.changedAt);
    expect(new Set(times).size).toBe(times.length);
  });
});
