import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '~server/modules/mail';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  answerLead,
  decideReview,
  findListingPage,
  listPracticeLeads,
  moderationQueue,
  sendLead,
  submitReview,
} from './index.ts';
import { person, practicesWorld } from './practices.fixture.ts';

describeEachDialect('leads and reviews of practices', (database) => {
  const { context, moderator, listedPractice } = practicesWorld(database);

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
