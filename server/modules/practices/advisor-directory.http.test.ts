import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { pageRequests } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { seedDemoPractices } from './index.ts';

/*
 * The advisor directory as a guest gets it: the filters and the cards' words come with the
 * page's data, so what the server renders is what the visitor reads.
 */

const DIRECTORY = '/0/partners/advisor-directory';

const ticked = (body: string, name: string, value: string) =>
  new RegExp(`<input type="checkbox" name="${name}" checked="" value="${value}"/>`).test(body);
/** The page's text as read: React's markers between adjacent texts taken out. */
const text = (body: string) => body.replaceAll('<!-- -->', '');

describeEachDialect('the advisor directory over HTTP', (database) => {
  let app: FastifyInstance;
  const { get } = pageRequests(() => app);

  beforeAll(async () => {
    await seedDemoPractices(database().db, 'no-issuer');
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('offers every filter by its label, with the chosen ones ticked', async () => {
    const page = await get(`${DIRECTORY}?place=Sydney&radius=50&service=payroll&language=en`);
    expect(page.statusCode).toBe(200);
    for (const legend of ['Services', 'Industries', 'Languages', 'Partner tier', 'Certifications'])
      expect(page.body).toMatch(new RegExp(`<legend[^>]*>${legend}</legend>`));
    expect(page.body).toContain('Tax returns and planning');
    expect(page.body).toContain('Māori');
    expect(ticked(page.body, 'service', 'payroll')).toBe(true);
    expect(ticked(page.body, 'language', 'en')).toBe(true);
    expect(ticked(page.body, 'service', 'tax')).toBe(false);
    expect(page.body).toContain('<input type="checkbox" name="service" value="tax"/>');
    expect(page.body).toMatch(/<details[^>]* open=""/);
  });

  it('shows each card’s market, tier and services in words, never their keys', async () => {
    const page = await get(`${DIRECTORY}?place=Sydney&radius=50&service=payroll`);
    const tags = [...page.body.matchAll(/aria-label="Services">(.*?)<\/ul>/g)].map(
      (match) => match[1] ?? '',
    );
    expect(tags.length).toBeGreaterThan(0);
    for (const list of tags) {
      expect(list).toContain('<li');
      expect(list).toContain('>Payroll<');
      expect(list).not.toMatch(/>(payroll|tax|bookkeeping|advisory|audit|setup|cashflow)</);
    }
    expect(text(page.body)).toMatch(
      /Sydney, Australia · [\d.]+ km away · (Starter|Bronze|Silver|Gold|Platinum) partner/,
    );
  });

  it('finds advisors from a postcode’s own centre or its area’s town, and says when it knows none', async () => {
    const zip = await get(`${DIRECTORY}?place=59001-1234&radius=50`);
    expect(zip.statusCode).toBe(200);
    expect(text(zip.body)).toMatch(/ advisors? within 50 km of 59001-1234, Absarokee</);
    const uk = await get(`${DIRECTORY}?place=${encodeURIComponent('SW19 5AE')}&radius=50`);
    expect(uk.statusCode).toBe(200);
    expect(text(uk.body)).toContain('within 50 km of SW19 5AE, London area<');
    expect(text(uk.body)).toMatch(/ · [\d.]+ km from the centre of London · /);
    const canada = await get(`${DIRECTORY}?place=${encodeURIComponent('T2P 1J9')}&radius=25`);
    expect(text(canada.body)).toMatch(/ advisors? within 25 km of T2P 1J9, Calgary</);
    const unknown = await get(`${DIRECTORY}?place=${encodeURIComponent('ZZ9 9ZZ')}`);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('id="directory-place-error"');
    expect(text(unknown.body).replaceAll('&quot;', '"')).toContain(
      'We could not find "ZZ9 9ZZ". Try the name of a town or city, or a postcode nearby.',
    );
    expect(unknown.body).toContain('value="ZZ9 9ZZ"');
  });

  it('leaves the filters closed when none is chosen', async () => {
    const page = await get(`${DIRECTORY}?place=Sydney`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<details[^>]* open=""/);
    expect(page.body).not.toContain('checked=""');
  });
});
