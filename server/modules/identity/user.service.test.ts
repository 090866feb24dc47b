import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { seedDemoUsers } from './demo-users.service.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { findUserBySubject, getUser, recordSignedInUser, saveUser } from './user.service.ts';
import { NO_USER_DATA } from './user.repository.ts';

const ISSUER = 'https://idp.example';
const T0 = new Date('2026-03-01T09:00:00.000Z');

describeEachDialect('users', (database) => {
  it('creates a user on first sign-in with an 18-character 005 id and no user data', async () => {
    const user = await recordSignedInUser(
      database().db,
      {
        issuer: ISSUER,
        subject: 'new-1',
        email: 'a@example.com',
        firstName: 'Ana',
        lastName: 'Silva',
      },
      T0,
    );
    expect(user.id).toMatch(/^005[0-9A-Za-z]{15}$/);
    expect(user).toMatchObject({
      issuer: ISSUER,
      subject: 'new-1',
      email: 'a@example.com',
      firstName: 'Ana',
      lastName: 'Silva',
      isPartner: false,
      canViewSetup: false,
      market: null,
    });
    expect(await getUser(database().db, user.id)).toEqual(user);
  });

  it('keys users by issuer and subject: a later sign-in refreshes names and e-mail, keeps the id and user data', async () => {
    const first = await saveUser(
      database().db,
      {
        issuer: ISSUER,
        subject: 'keep-1',
        email: 'old@example.com',
        firstName: 'Old',
        lastName: 'Name',
      },
      { ...NO_USER_DATA, isPartner: true, market: 'AU' },
      T0,
    );
    const again = await recordSignedInUser(database().db, {
      issuer: ISSUER,
      subject: 'keep-1',
      email: 'new@example.com',
      firstName: 'New',
      lastName: 'Name',
    });
    expect(again.id).toBe(first.id);
    expect(again).toMatchObject({
      email: 'new@example.com',
      firstName: 'New',
      isPartner: true,
      market: 'AU',
    });
  });

  it('treats the same subject at another issuer as another person', async () => {
    const here = await recordSignedInUser(database().db, {
      issuer: ISSUER,
      subject: 'same-sub',
      email: null,
      firstName: 'A',
      lastName: 'B',
    });
    const there = await recordSignedInUser(database().db, {
      issuer: 'https://other-idp.example',
      subject: 'same-sub',
      email: null,
      firstName: 'C',
      lastName: 'D',
    });
    expect(there.id).not.toBe(here.id);
  });

  it('seeds the seven demo accounts with their user data, and seeding again changes no ids', async () => {
    const issuer = 'http://localhost:3000/oidc';
    const first = await seedDemoUsers(database().db, issuer, T0);
    const second = await seedDemoUsers(database().db, issuer);
    expect(second.map((user) => user.id)).toEqual(first.map((user) => user.id));
    const bySubject = async (subject: string) => findUserBySubject(database().db, issuer, subject);
    expect(await bySubject('demo-customer')).toMatchObject({
      firstName: 'Mia',
      lastName: 'Chen',
      email: 'mia.chen@example.com',
      isPartner: false,
      market: 'AU',
    });
    expect(await bySubject('demo-partner-primary')).toMatchObject({
      firstName: 'Priya',
      lastName: 'Raman',
      isPartner: true,
      isPrimaryContact: true,
      isPrincipalContact: false,
      market: 'AU',
    });
    expect(await bySubject('demo-partner-principal')).toMatchObject({
      firstName: 'Oliver',
      lastName: 'Hughes',
      isPartner: true,
      isPrimaryContact: false,
      isPrincipalContact: true,
      market: 'UK',
      partnerProductInterestClient: 'Payroll;Inventory',
      partnerProductInterestPractice: 'Advisory',
    });
    expect(await bySubject('demo-partner-member')).toMatchObject({
      firstName: 'Sam',
      lastName: 'Taylor',
      isPartner: true,
      isPrimaryContact: false,
      isPrincipalContact: false,
      market: 'NZ',
    });
    expect(await bySubject('demo-partner-update-account')).toMatchObject({
      firstName: 'Grace',
      lastName: 'Okafor',
      email: 'grace.okafor@example.com',
      isPartner: true,
      isPrimaryContact: true,
      market: 'UK',
    });
    expect(await bySubject('demo-admin')).toMatchObject({
      firstName: 'Alex',
      lastName: 'Morgan',
      isPartner: false,
      canViewSetup: true,
    });
    expect(await bySubject('demo-agent')).toMatchObject({
      firstName: 'Jordan',
      isAgent: true,
      organisationId: null,
    });
    expect(await bySubject('demo-partner-member')).toMatchObject({
      organisationId: (await bySubject('demo-partner-primary'))?.organisationId,
    });
    const count = await database()
      .db.selectFrom('portal_user')
      .select((select) => select.fn.countAll<string | number>().as('count'))
      .where('issuer', '=', issuer)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(7);
  });
});

describe('demo accounts', () => {
  it('uses the agreed subjects, with <first>.<last>@example.com e-mails', () => {
    expect(DEMO_ACCOUNTS.map((account) => account.subject)).toEqual([
      'demo-customer',
      'demo-partner-primary',
      'demo-partner-principal',
      'demo-partner-member',
      'demo-partner-update-account',
      'demo-admin',
      'demo-agent',
    ]);
    for (const account of DEMO_ACCOUNTS) {
      expect(account.email).toBe(
        `${account.firstName.toLowerCase()}.${account.lastName.toLowerCase()}@example.com`,
      );
    }
  });
});
