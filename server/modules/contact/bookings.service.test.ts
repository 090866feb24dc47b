import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { listOutbox } from '~server/modules/mail';
import {
  bookCall,
  cancelBooking,
  contactSettingsFrom,
  findBooking,
  listBookableSlots,
  listUpcomingCalls,
  rescheduleBooking,
  sendCallReminders,
  type BookingContext,
  type BookingRequest,
} from './index.ts';

const NOW = new Date('2026-11-26T00:00:00Z'); // Thursday 11:00 in Sydney
const FIRST_SLOT = '2026-11-26T02:00:00.000Z'; // 13:00, after two hours' notice

const sydney = (capacity: number) => ({
  timeZone: 'Australia/Sydney',
  hours: {
    mon: ['09:00', '17:00'],
    tue: ['09:00', '17:00'],
    wed: ['09:00', '17:00'],
    thu: ['09:00', '17:00'],
    fri: ['09:00', '17:00'],
  },
  holidays: ['2026-12-25'],
  calls: { slotMinutes: 30, capacity, minimumNoticeMinutes: 120, daysAhead: 7 },
});

describeEachDialect('booking a call', (database) => {
  const context = (capacity = 2, now = NOW): BookingContext => ({
    db: database().db,
    settings: contactSettingsFrom({ regions: { AU: sydney(capacity) } }),
    now,
    siteUrl: 'http://portal.test',
    manageUrl: (token) => `http://portal.test/s/book-a-call?booking=${token}`,
  });
  const request = (fields: Partial<BookingRequest> = {}): BookingRequest => ({
    region: 'AU',
    topic: 'invoices',
    name: 'Mia Chen',
    email: 'mia.chen@example.com',
    timeZone: 'Europe/London',
    startsAt: FIRST_SLOT,
    requestKey: randomUUID(),
    ...fields,
  });

  beforeEach(async () => {
    const { db } = database();
    await db.deleteFrom('contact_call_booking').execute();
    await db.deleteFrom('contact_call_slot').execute();
    await db.deleteFrom('mail_outbox').execute();
  });

  it('books a place, mails the confirmation with an .ics in the visitor zone', async () => {
    const outcome = await bookCall(context(), request());
    expect(outcome).toMatchObject({ kind: 'booked', booking: { startsAt: FIRST_SLOT } });
    const [mail] = await listOutbox(database().db);
    expect(mail?.subject).toBe('Your call with support is booked');
    expect(mail?.text_body).toContain('Thu, Nov 26, 2:00 AM GMT');
    expect(mail?.text_body).toContain('/s/book-a-call?booking=');
    expect(mail?.html_body).toMatch(
      /<a href="http:\/\/portal\.test\/s\/book-a-call\?booking=[\w-]{43}">/,
    );
    const [ics] = JSON.parse(mail?.attachments ?? '[]') as { content: string }[];
    expect(ics?.content).toContain('DTSTART:20261126T020000Z');
    expect(ics?.content).toContain('DTEND:20261126T023000Z');
    const slots = await listBookableSlots(context(), 'AU');
    expect(slots[0]).toMatchObject({ startsAt: FIRST_SLOT, remaining: 1 });
  });

  it('refuses bad input field by field, without a booking', async () => {
    const ctx = context();
    expect(await bookCall(ctx, request({ topic: 'sign-in' }))).toMatchObject({ field: 'topic' });
    expect(await bookCall(ctx, request({ name: ' ' }))).toMatchObject({ field: 'name' });
    expect(await bookCall(ctx, request({ email: 'mia@' }))).toMatchObject({ field: 'email' });
    expect(await bookCall(ctx, request({ startsAt: '2026-11-26T02:10:00.000Z' }))).toMatchObject({
      field: 'startsAt',
    });
    expect(await listUpcomingCalls(ctx)).toEqual([]);
  });

  it('books once for a form sent twice', async () => {
    const same = request();
    const [first, second] = await Promise.all([
      bookCall(context(), same),
      bookCall(context(), same),
    ]);
    expect([first?.kind, second?.kind].sort()).toEqual(['already-booked', 'booked']);
    expect(await listUpcomingCalls(context())).toHaveLength(1);
    expect(await listOutbox(database().db)).toHaveLength(1);
  });

  it('tells the one who came too late, with the next free slots', async () => {
    const ctx = context(1);
    await bookCall(ctx, request());
    const late = await bookCall(ctx, request({ email: 'sam@example.com' }));
    expect(late).toMatchObject({ kind: 'taken' });
    if (late.kind !== 'taken') return;
    expect(late.nextSlots[0]?.startsAt).toBe('2026-11-26T02:30:00.000Z');
    expect(late.nextSlots).toHaveLength(5);
  });

  it('200 people racing for 50 places: exactly 50 booked', async () => {
    const ctx = context(50);
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, n) => bookCall(ctx, request({ email: `p${n}@example.com` }))),
    );
    const kinds = outcomes.map((outcome) => outcome.kind);
    expect(kinds.filter((kind) => kind === 'booked')).toHaveLength(50);
    expect(kinds.filter((kind) => kind === 'taken')).toHaveLength(150);
    expect(await listUpcomingCalls(ctx)).toHaveLength(50);
    expect(await listOutbox(database().db)).toHaveLength(50);
  });

  it('moves a call to a free slot and frees the old place, by the secret link only', async () => {
    const ctx = context(1);
    const booked = await bookCall(ctx, request());
    if (booked.kind !== 'booked') throw new Error(booked.kind);
    expect(await findBooking(ctx, 'x'.repeat(43))).toBeUndefined();
    const later = '2026-11-27T00:00:00.000Z';
    const moved = await rescheduleBooking(ctx, booked.token, later);
    expect(moved).toMatchObject({ kind: 'done', booking: { startsAt: later } });
    expect((await listBookableSlots(ctx, 'AU'))[0]?.startsAt).toBe(FIRST_SLOT);
    const other = await bookCall(ctx, request({ email: 'sam@example.com', startsAt: later }));
    expect(other.kind).toBe('taken');
    const subjects = (await listOutbox(database().db)).map((mail) => mail.subject);
    expect(subjects).toContain('Your call with support has moved');
  });

  it('cannot move onto a full slot, and keeps the old one', async () => {
    const ctx = context(1);
    const mine = await bookCall(ctx, request());
    await bookCall(
      ctx,
      request({ email: 'sam@example.com', startsAt: '2026-11-26T02:30:00.000Z' }),
    );
    if (mine.kind !== 'booked') throw new Error(mine.kind);
    const outcome = await rescheduleBooking(ctx, mine.token, '2026-11-26T02:30:00.000Z');
    expect(outcome.kind).toBe('taken');
    expect((await findBooking(ctx, mine.token))?.startsAt).toBe(FIRST_SLOT);
  });

  it('cancels once, frees the place and says so by mail', async () => {
    const ctx = context(1);
    const booked = await bookCall(ctx, request());
    if (booked.kind !== 'booked') throw new Error(booked.kind);
    await cancelBooking(ctx, booked.token);
    await cancelBooking(ctx, booked.token);
    expect((await findBooking(ctx, booked.token))?.status).toBe('cancelled');
    expect((await listBookableSlots(ctx, 'AU'))[0]).toMatchObject({
      startsAt: FIRST_SLOT,
      remaining: 1,
    });
    const cancelled = (await listOutbox(database().db)).filter(
      (mail) => mail.subject === 'Your call with support is cancelled',
    );
    expect(cancelled).toHaveLength(1);
    expect(await rescheduleBooking(ctx, booked.token, '2026-11-27T00:00:00.000Z')).toEqual({
      kind: 'gone',
    });
  });

  describe('reminders', () => {
    it('mails each call once, a day before, and again after a move', async () => {
      const ctx = context();
      const booked = await bookCall(ctx, request({ startsAt: '2026-11-27T00:00:00.000Z' }));
      if (booked.kind !== 'booked') throw new Error(booked.kind);
      expect(await sendCallReminders({ ...ctx, now: new Date('2026-11-25T23:59:00Z') })).toBe(0);
      const dayBefore = { ...ctx, now: new Date('2026-11-26T00:00:00Z') };
      expect(await sendCallReminders(dayBefore)).toBe(1);
      expect(await sendCallReminders(dayBefore)).toBe(0);
      await rescheduleBooking(ctx, booked.token, '2026-11-27T00:30:00.000Z');
      expect(await sendCallReminders({ ...ctx, now: new Date('2026-11-26T00:30:00Z') })).toBe(1);
      const reminders = (await listOutbox(database().db)).filter((mail) =>
        mail.subject.startsWith('Reminder'),
      );
      expect(reminders).toHaveLength(2);
    });
  });
});
