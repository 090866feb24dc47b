import { randomUUID } from 'node:crypto';
import { beforeEach } from 'vitest';
import type { PortalDatabase } from '~server/db/database.ts';
import {
  createPractice,
  decideListing,
  findManagedPractice,
  moderationQueue,
  publishListing,
  saveListingDraft,
  type ListingForm,
  type NewPractice,
  type PracticesContext,
  type PracticeUser,
} from './index.ts';

/* What the practices' service tests start from: emptied tables, people and a listed practice. */

export const NOW = new Date('2026-11-26T01:00:00Z');
export const person = (name: string): PracticeUser => ({
  id: `005${randomUUID().replace(/-/g, '').slice(0, 15)}`,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
});

/** The manage page's form as a browser would send it. */
export function listingForm(fields: Record<string, string | string[]>): ListingForm {
  return {
    get: (name) => {
      const value = fields[name];
      return typeof value === 'string' ? value : (value?.[0] ?? '');
    },
    getAll: (name) => {
      const value = fields[name];
      return value === undefined ? [] : typeof value === 'string' ? [value] : value;
    },
  };
}

export const READY_FORM = {
  description: 'We keep the books of cafés and bakeries in the city.',
  service: ['bookkeeping', 'payroll'],
  language: 'zh',
  'office0.label': 'Main office',
  'office0.address': '1 George Street',
  'office0.place': '2000',
  'office0.mon.opens': '09:00',
  'office0.mon.closes': '17:00',
};

/** The practices' tables emptied before each test, and the helpers the tests share. */
export function practicesWorld(database: () => PortalDatabase) {
  const context = (): PracticesContext => ({
    db: database().db,
    now: NOW,
    links: {
      manage: 'https://help.example/s/partners/manage-advisor-directory',
      listing: (slug) => `https://help.example/0/partners/advisor-directory/${slug}`,
    },
  });
  const newPractice = (fields: Partial<NewPractice> = {}): NewPractice => ({
    name: 'Harbour Books',
    market: 'AU',
    registrationNumber: '51 824 753 556',
    address: '1 George Street',
    city: 'Sydney',
    postcode: '2000',
    services: ['bookkeeping'],
    requestKey: randomUUID(),
    ...fields,
  });
  const moderator = { id: 'admin-1', name: 'Alex Morgan' };

  beforeEach(async () => {
    const db = database().db;
    for (const table of [
      'practice',
      'practice_person',
      'practice_join_request',
      'practice_listing',
      'practice_directory_office',
      'practice_lead',
      'practice_review',
      'practice_moderation_entry',
      'practice_invitation',
      'practice_people_entry',
      'mail_outbox',
      'rate_limit_window',
    ] as const)
      await db.deleteFrom(table).execute();
  });

  /** A practice created, its listing filled in, published and approved. */
  async function listedPractice(owner: PracticeUser, fields: Partial<NewPractice> = {}) {
    const created = await createPractice(context(), owner, newPractice(fields));
    if (created.kind !== 'created') throw new Error(created.kind);
    await saveListingDraft(context(), owner, listingForm(READY_FORM));
    await publishListing(context(), owner);
    const [pending] = (await moderationQueue(context())).listings;
    await decideListing(context(), moderator, {
      practiceId: created.practiceId,
      version: pending!.version,
      approve: true,
      note: '',
    });
    const managed = await findManagedPractice(context(), owner.id);
    return managed!.practice;
  }

  /** The invitations' links as the account page makes them. */
  const joinLink = (token: string) => `https://help.example/0/partners/account/join?token=${token}`;

  return { context, newPractice, moderator, listedPractice, joinLink };
}
