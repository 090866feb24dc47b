import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { directoryQueryFrom } from '~core/practices';
import { listOutbox } from '~server/modules/mail';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  answerLead,
  askToJoin,
  createPractice,
  decideJoinRequest,
  decideListing,
  decideReview,
  findListingPage,
  findManagedPractice,
  listJoinRequests,
  listPracticeLeads,
  moderationQueue,
  publishListing,
  saveListingDraft,
  searchDirectory,
  sendLead,
  submitReview,
  unpublishListing,
  uploadLogo,
  findPracticeLogo,
  type ListingForm,
  type NewPractice,
  type PracticesContext,
  type PracticeUser,
} from './index.ts';

const NOW = new Date('2026-11-26T01:00:00Z');
const person = (name: string): PracticeUser => ({
  id: `005${randomUUID().replace(/-/g, '').slice(0, 15)}`,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
});

/** The manage page's form as a browser would send it. */
function listingForm(fields: Record<string, string | string[]>): ListingForm {
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

const READY_FORM = {
  description: 'We keep the books of cafés and bakeries in the city.',
  service: ['bookkeeping', 'payroll'],
  language: 'zh',
  'office0.label': 'Main office',
  'office0.address': '1 George Street',
  'office0.place': '2000',
  'office0.mon.opens': '09:00',
  'office0.mon.closes': '17:00',
};

describeEachDialect('practices and the advisor directory', (database) => {
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

  describe('creating a practice', () => {
    it('makes the creator its principal contact at starter, once for a double submit', async () => {
      const owner = person('Mia Chen');
      const form = newPractice();
      const first = await createPractice(context(), owner, form);
      const second = await createPractice(context(), owner, form);
      expect(first.kind).toBe('created');
      expect(second).toEqual(first);
      const managed = await findManagedPractice(context(), owner.id);
      expect(managed).toMatchObject({
        role: 'principal',
        practice: { name: 'Harbour Books', tier: 'starter', registration_number: '51824753556' },
        listed: false,
      });
      // The address's town gives the draft its first office.
      expect(managed?.draft.offices[0]).toMatchObject({ label: 'Main office', place: 'Sydney' });
    });

    it('refuses a bad field at that field, whatever else was typed', async () => {
      const owner = person('Mia Chen');
      expect(
        await createPractice(
          context(),
          owner,
          newPractice({ registrationNumber: '51 824 753 557' }),
        ),
      ).toMatchObject({ kind: 'invalid', field: 'registrationNumber' });
      expect(await createPractice(context(), owner, newPractice({ market: 'FR' }))).toMatchObject({
        field: 'market',
      });
      expect(await createPractice(context(), owner, newPractice({ postcode: '!' }))).toMatchObject({
        field: 'postcode',
      });
      expect(
        await createPractice(context(), owner, newPractice({ services: ['x'] })),
      ).toMatchObject({ field: 'services' });
      expect(await findManagedPractice(context(), owner.id)).toBeUndefined();
    });

    it('offers to join when the number exists, and only the principal contact lets people in', async () => {
      const owner = person('Mia Chen');
      const created = await createPractice(context(), owner, newPractice());
      const colleague = person('Sam Taylor');
      const again = await createPractice(
        context(),
        colleague,
        newPractice({ registrationNumber: '51824753556', name: 'Harbour Books Pty' }),
      );
      expect(again).toMatchObject({ kind: 'exists', name: 'Harbour Books' });
      if (again.kind !== 'exists' || created.kind !== 'created') throw new Error('expected');
      expect(await askToJoin(context(), colleague, again.practiceId)).toEqual({ kind: 'asked' });
      expect(await askToJoin(context(), colleague, again.practiceId)).toEqual({ kind: 'asked' });
      const mails = await listOutbox(database().db);
      expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
        ['mia@example.com', 'Sam Taylor asks to join Harbour Books'],
      ]);
      // The one asking sees no requests, and cannot let themselves in.
      expect(await listJoinRequests(context(), colleague, again.practiceId)).toEqual([]);
      const [request] = await listJoinRequests(context(), owner, again.practiceId);
      expect(
        await decideJoinRequest(context(), colleague, again.practiceId, request!.id, true),
      ).toEqual({ kind: 'not-allowed' });
      expect(
        await decideJoinRequest(context(), owner, again.practiceId, request!.id, true),
      ).toEqual({ kind: 'decided' });
      expect(
        await decideJoinRequest(context(), owner, again.practiceId, request!.id, true),
      ).toEqual({ kind: 'gone' });
      expect(await findManagedPractice(context(), colleague.id)).toMatchObject({ role: 'staff' });
    });
  });

  describe('the listing', () => {
    it('checks offices and hours at their field and keeps the draft out of the directory', async () => {
      const owner = person('Mia Chen');
      await createPractice(context(), owner, newPractice());
      expect(
        await saveListingDraft(
          context(),
          owner,
          listingForm({ ...READY_FORM, 'office0.mon.closes': '25:00' }),
        ),
      ).toMatchObject({ field: 'office0.mon.closes' });
      expect(
        await saveListingDraft(
          context(),
          owner,
          listingForm({ ...READY_FORM, 'office0.place': 'Gotham Heights' }),
        ),
      ).toMatchObject({ field: 'office0.place' });
      expect(await saveListingDraft(context(), owner, listingForm(READY_FORM))).toEqual({
        kind: 'saved',
      });
      expect(await publishListing(context(), owner)).toEqual({ kind: 'submitted' });
      // Waiting for a moderator: guests see nothing of it.
      const managed = await findManagedPractice(context(), owner.id);
      expect(await findListingPage(context(), managed!.practice.slug)).toBeUndefined();
      const found = await searchDirectory(
        context(),
        directoryQueryFrom(new URLSearchParams('place=2000')),
      );
      expect(found.total).toBe(0);
    });

    it('is found by postcode once approved; new choices go live, a new description waits', async () => {
      const owner = person('Mia Chen');
      const practice = await listedPractice(owner);
      const near = await searchDirectory(
        context(),
        directoryQueryFrom(new URLSearchParams('place=2000&service=payroll&language=zh')),
      );
      expect(near.cards.map((card) => card.slug)).toEqual([practice.slug]);
      expect(near.cards[0]?.distanceKm).toBeLessThan(5);
      const elsewhere = await searchDirectory(
        context(),
        directoryQueryFrom(new URLSearchParams('place=Perth&service=payroll')),
      );
      expect(elsewhere.total).toBe(0);
      const filteredOut = await searchDirectory(
        context(),
        directoryQueryFrom(new URLSearchParams('place=2000&service=audit')),
      );
      expect(filteredOut.total).toBe(0);

      await saveListingDraft(context(), owner, listingForm({ ...READY_FORM, service: 'audit' }));
      expect(await publishListing(context(), owner)).toEqual({ kind: 'published' });
      expect(
        (
          await searchDirectory(
            context(),
            directoryQueryFrom(new URLSearchParams('place=2000&service=audit')),
          )
        ).total,
      ).toBe(1);

      await saveListingDraft(
        context(),
        owner,
        listingForm({ ...READY_FORM, description: 'Something new entirely.' }),
      );
      expect(await publishListing(context(), owner)).toEqual({ kind: 'submitted' });
      // The approved description stays on show until the new one is approved.
      expect((await findListingPage(context(), practice.slug))?.content.description).toBe(
        READY_FORM.description,
      );

      expect(await unpublishListing(context(), owner)).toEqual({ kind: 'unpublished' });
      expect(await findListingPage(context(), practice.slug)).toBeUndefined();
      expect(
        (await searchDirectory(context(), directoryQueryFrom(new URLSearchParams('place=2000'))))
          .total,
      ).toBe(0);
    });

    it('takes a logo by its bytes, not its name, up to 200 KB', async () => {
      const owner = person('Mia Chen');
      await createPractice(context(), owner, newPractice());
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
      expect(await uploadLogo(context(), owner, png)).toEqual({ kind: 'saved' });
      const { draft } = (await findManagedPractice(context(), owner.id))!;
      expect(draft.logo).toMatch(/^[0-9a-f]{20}-logo\.png$/);
      expect(await findPracticeLogo(context(), draft.logo!)).toMatchObject({
        content_type: 'image/png',
      });
      const script = new TextEncoder().encode('<svg onload="alert(1)"></svg>');
      expect(await uploadLogo(context(), owner, script)).toMatchObject({ field: 'logo' });
      const huge = new Uint8Array(200 * 1024 + 1);
      huge.set(png);
      expect(await uploadLogo(context(), owner, huge)).toMatchObject({
        message: 'The logo is larger than 200 KB. Choose a smaller image.',
      });
      expect(await uploadLogo(context(), person('Tom Gray'), png)).toEqual({ kind: 'not-allowed' });
    });

    it('lets nobody outside the practice edit or publish it', async () => {
      const owner = person('Mia Chen');
      await createPractice(context(), owner, newPractice());
      const stranger = person('Tom Gray');
      expect(await saveListingDraft(context(), stranger, listingForm(READY_FORM))).toEqual({
        kind: 'not-allowed',
      });
      expect(await publishListing(context(), stranger)).toEqual({ kind: 'not-allowed' });
    });

    it('refuses a moderator’s decision on a copy the practice has changed since', async () => {
      const owner = person('Mia Chen');
      const created = await createPractice(context(), owner, newPractice());
      await saveListingDraft(context(), owner, listingForm(READY_FORM));
      await publishListing(context(), owner);
      const [seen] = (await moderationQueue(context())).listings;
      await saveListingDraft(
        context(),
        owner,
        listingForm({ ...READY_FORM, description: 'Changed again.' }),
      );
      await publishListing(context(), owner);
      if (created.kind !== 'created') throw new Error('expected');
      expect(
        await decideListing(context(), moderator, {
          practiceId: created.practiceId,
          version: seen!.version,
          approve: true,
          note: '',
        }),
      ).toEqual({ kind: 'gone' });
    });
  });

  describe('leads and reviews', () => {
    const lead = (fields: Record<string, string> = {}) => ({
      name: 'Ava Brown',
      email: 'ava@example.com',
      phone: '',
      message: 'Could you take on our café’s books from January?',
      requestKey: randomUUID(),
      visitorKey: '203.0.113.9',
      ...fields,
    });

    it('reaches the practice once, by e-mail and on its page, and only its own people see it', async () => {
      const owner = person('Mia Chen');
      const practice = await listedPractice(owner);
      const other = person('Tom Gray');
      await listedPractice(other, { registrationNumber: '53 004 085 616', name: 'Other Books' });
      const form = lead();
      expect(await sendLead(context(), practice.slug, form)).toEqual({ kind: 'sent' });
      expect(await sendLead(context(), practice.slug, form)).toEqual({ kind: 'sent' });
      const leads = await listPracticeLeads(context(), owner, practice.id);
      expect(leads.map((each) => each.name)).toEqual(['Ava Brown']);
      expect(await listPracticeLeads(context(), other, practice.id)).toEqual([]);
      const mails = (await listOutbox(database().db)).filter((mail) =>
        mail.subject.startsWith('New enquiry'),
      );
      expect(mails.map((mail) => mail.recipient)).toEqual(['mia@example.com']);

      expect(
        await answerLead(context(), other, practice.id, leads[0]!.id, 'Happy to help.'),
      ).toEqual({ kind: 'gone' });
      expect(
        await answerLead(context(), owner, practice.id, leads[0]!.id, 'Happy to help.'),
      ).toEqual({ kind: 'answered' });
      const answered = (await listOutbox(database().db)).find(
        (mail) => mail.recipient === 'ava@example.com',
      );
      expect(answered?.text_body).toContain('Happy to help.');
    });

    it('refuses bad fields and banned words at their field, and a visitor sending too many', async () => {
      const owner = person('Mia Chen');
      const practice = await listedPractice(owner);
      expect(await sendLead(context(), practice.slug, lead({ email: 'ava@' }))).toMatchObject({
        field: 'email',
      });
      expect(
        await sendLead(
          context(),
          practice.slug,
          lead({ message: 'This is shit service, call me.' }),
        ),
      ).toMatchObject({ field: 'message' });
      for (let sent = 0; sent < 5; sent += 1)
        expect(await sendLead(context(), practice.slug, lead())).toEqual({ kind: 'sent' });
      expect(await sendLead(context(), practice.slug, lead())).toMatchObject({
        kind: 'rate-limited',
      });
      expect(
        await sendLead(context(), practice.slug, lead({ visitorKey: '198.51.100.1' })),
      ).toEqual({
        kind: 'sent',
      });
      expect(await sendLead(context(), 'no-such-practice', lead({ visitorKey: 'x' }))).toEqual({
        kind: 'not-found',
      });
    });

    it('shows a review only once approved, with an audit entry per decision', async () => {
      const owner = person('Mia Chen');
      const practice = await listedPractice(owner);
      const review = { name: 'Ava Brown', rating: '5', body: 'They sorted our GST in a week.' };
      expect(await submitReview(context(), practice.slug, { ...review, requestKey: 'r1' })).toEqual(
        {
          kind: 'submitted',
        },
      );
      expect(
        await submitReview(context(), practice.slug, { ...review, rating: '0', requestKey: 'r2' }),
      ).toMatchObject({
        field: 'rating',
      });
      expect((await findListingPage(context(), practice.slug))?.reviews).toEqual([]);
      const [pending] = (await moderationQueue(context())).reviews;
      expect(
        await decideReview(context(), moderator, {
          reviewId: pending!.id,
          approve: true,
          note: '',
        }),
      ).toEqual({
        kind: 'decided',
      });
      expect(
        await decideReview(context(), moderator, {
          reviewId: pending!.id,
          approve: false,
          note: '',
        }),
      ).toEqual({
        kind: 'gone',
      });
      expect((await findListingPage(context(), practice.slug))?.reviews).toMatchObject([
        { name: 'Ava Brown', rating: 5 },
      ]);
      const decisions = (await moderationQueue(context())).decisions;
      // Both decided at the same moment: compared in subject order.
      expect(
        decisions
          .map((entry) => [entry.subject, entry.decision, entry.moderatorId])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      ).toEqual([
        ['listing', 'approved', 'admin-1'],
        ['review', 'approved', 'admin-1'],
      ]);
    });
  });
});
