import { describe, expect, it } from 'vitest';
import {
  checkRegistrationNumber,
  directoryQueryFrom,
  PRACTICE_MARKETS,
  resolvePlace,
} from '~core/practices';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { directoryGazetteer } from './gazetteer/gazetteer.ts';
import { POSTCODE_AREAS, POSTCODE_RANGES } from './gazetteer/postcodes.ts';
import { demoRegistrationNumber } from './practices.demo.ts';
import { findUserBySubject, seedDemoUsers } from '~server/modules/identity';
import { practicePeople, searchDirectory, seedDemoPractices } from './index.ts';

describe('the bundled gazetteer', () => {
  it('places every postcode area it lists in its market', () => {
    for (const area of POSTCODE_AREAS) {
      const code = area.code.startsWith('SG-') ? `${area.code.slice(3)}8956` : area.code;
      expect(resolvePlace(directoryGazetteer(), code, area.market), area.code).toMatchObject({
        market: area.market,
      });
    }
  });

  it('places both ends of every metropolitan postcode range at its city, in its market', () => {
    for (const range of POSTCODE_RANGES)
      for (const code of [range.from, range.to]) {
        // A code the areas name one by one keeps its own label ('2000, Sydney'), and a ZIP with
        // a centre of its own is placed there ('10499, Bronx').
        const named = POSTCODE_AREAS.some(
          (area) => area.code === code && area.market === range.market,
        );
        const point = directoryGazetteer().pointOf(code);
        expect(resolvePlace(directoryGazetteer(), code, range.market), code).toMatchObject({
          market: range.market,
          label: named
            ? `${code}, ${range.place}`
            : point
              ? `${code}, ${point.label}`
              : `${code}, ${range.place} area`,
        });
      }
  });

  it('gives the demo registration numbers that pass their market’s check', () => {
    for (const market of PRACTICE_MARKETS)
      for (const n of [0, 1, 57, 199])
        expect(checkRegistrationNumber(market, demoRegistrationNumber(market, n)).ok).toBe(true);
  });
});

describeEachDialect('the directory demo', (database) => {
  it('lists 200 practices once, found nearest first around a place', async () => {
    await seedDemoPractices(database().db, 'no-issuer');
    await seedDemoPractices(database().db, 'no-issuer');
    const everyone = await searchDirectory(database(), directoryQueryFrom(new URLSearchParams()));
    expect(everyone.total).toBe(200);
    const sydney = await searchDirectory(
      database(),
      directoryQueryFrom(new URLSearchParams('place=Sydney&radius=25')),
    );
    expect(sydney.total).toBeGreaterThan(0);
    const distances = sydney.cards.map((card) => card.distanceKm ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).toBeLessThanOrEqual(25);
  });
});

describeEachDialect('the demo practice’s people', (database) => {
  it('gives Raman Partners two people and a pending invitation, once', async () => {
    const issuer = 'https://demo-people.test';
    const now = new Date('2026-11-26T01:00:00Z');
    await seedDemoUsers(database().db, issuer, now);
    await seedDemoPractices(database().db, issuer, now);
    await seedDemoPractices(database().db, issuer, now);
    const priya = await findUserBySubject(database().db, issuer, 'demo-partner-primary');
    const seen = await practicePeople({ db: database().db, now }, priya!);
    expect(seen?.practice.name).toBe('Raman Partners');
    expect(seen?.people.map((person) => [person.name, person.roleLabel])).toEqual([
      ['Priya Raman', 'Principal contact'],
      ['Sam Taylor', 'Member'],
    ]);
    expect(seen?.invitations.map((invitation) => [invitation.email, invitation.expired])).toEqual([
      ['lena.ward@example.com', false],
    ]);
    expect(seen?.history.map((line) => line.label)).toEqual(['Invited', 'Joined']);
  });
});
