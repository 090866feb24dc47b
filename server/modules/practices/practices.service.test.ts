import { describe, expect, it } from 'vitest';
import { directoryQueryFrom } from '~core/practices';
import { listOutbox } from '~server/modules/mail';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  askToJoin,
  createPractice,
  decideJoinRequest,
  decideListing,
  findListingPage,
  findManagedPractice,
  listJoinRequests,
  moderationQueue,
  publishListing,
  saveListingDraft,
  searchDirectory,
  unpublishListing,
  uploadLogo,
  findPracticeLogo,
} from './index.ts';
import { person, listingForm, READY_FORM, practicesWorld } from './practices.fixture.ts';

describeEachDialect('practices and the advisor directory', (database) => {
  const { context, newPractice, moderator, listedPractice } = practicesWorld(database);

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
      expect(await findManagedPractice(context(), colleague.id)).toMatchObject({ role: 'member' });
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
});
