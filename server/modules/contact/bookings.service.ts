import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  bookableSlots,
  CALL_TOPICS,
  contactTopic,
  isOfferedSlot,
  isTimeZone,
  type BookableSlot,
} from '~core/contact';
import { mapRegion, type Region } from '~core/regions';
import { isValidEmail } from '~core/validation';
import type { Database } from '~server/db/schema.ts';
import { queueMail } from '~server/modules/mail';
import { bookingMail, type BookingEvent } from './booking-mail.ts';
import * as repository from './bookings.repository.ts';
import type { BookingRow } from './bookings.repository.ts';
import type { ContactSettings } from './contact-settings.ts';

/** What the booking services need from the page or job that calls them. */
export interface BookingContext {
  db: Kysely<Database>;
  settings: ContactSettings;
  now: Date;
  siteUrl: string;
  /** The address of a booking's page for the holder of its secret. */
  manageUrl(token: string): string;
}

export interface BookingView {
  region: Region;
  topic: string;
  topicLabel: string;
  name: string;
  email: string;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  status: 'booked' | 'cancelled';
}

export interface BookingRequest {
  region: string;
  topic: string;
  name: string;
  email: string;
  timeZone: string;
  startsAt: string;
  /** Made by the confirm form once per visit: a second submit of it books nothing more. */
  requestKey: string;
}

export type BookingField = 'topic' | 'name' | 'email' | 'startsAt';

export type BookingOutcome =
  | { kind: 'booked'; token: string; booking: BookingView }
  | { kind: 'already-booked'; booking: BookingView }
  | { kind: 'taken'; nextSlots: BookableSlot[] }
  | { kind: 'invalid'; field: BookingField; message: string };

const NEXT_SLOTS = 5;
const MAX_NAME = 120;

function view(row: BookingRow): BookingView {
  return {
    region: mapRegion(row.region),
    topic: row.topic,
    topicLabel: contactTopic(row.topic)?.label ?? row.topic,
    name: row.name,
    email: row.email,
    timeZone: row.time_zone,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: row.status,
  };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

async function mailAbout(
  context: Pick<BookingContext, 'siteUrl' | 'now'>,
  db: Kysely<Database>,
  row: BookingRow,
  event: BookingEvent,
  manageUrl: string | undefined,
): Promise<void> {
  const mail = bookingMail(
    row,
    event,
    {
      manageUrl,
      host: new URL(context.siteUrl).host,
      topicLabel: contactTopic(row.topic)?.label ?? row.topic,
    },
    context.now,
  );
  await queueMail(db, [mail], context.now);
}

/** The slots of a region a visitor may book now, earliest first. */
export async function listBookableSlots(
  context: Pick<BookingContext, 'db' | 'settings' | 'now'>,
  region: Region,
): Promise<BookableSlot[]> {
  const { hours, calls } = context.settings[region];
  const taken = await repository.placesTaken(context.db, region, context.now.toISOString());
  return bookableSlots(hours, calls, context.now, taken);
}

/** The first problem of a booking request, field by field, or undefined when it may be sent. */
export function bookingProblem(
  context: Pick<BookingContext, 'settings' | 'now'>,
  request: BookingRequest,
): { field: BookingField; message: string } | undefined {
  const region = mapRegion(request.region);
  const name = request.name.trim();
  if (!CALL_TOPICS.some((topic) => topic.key === request.topic))
    return { field: 'topic' as const, message: 'Choose what the call is about.' };
  if (name === '' || name.length > MAX_NAME)
    return { field: 'name' as const, message: 'Enter your name, up to 120 characters.' };
  if (request.email.length > 254 || !isValidEmail(request.email))
    return { field: 'email' as const, message: 'Enter an e-mail address like name@example.com.' };
  const { hours, calls } = context.settings[region];
  if (!isOfferedSlot(hours, calls, context.now, request.startsAt))
    return { field: 'startsAt' as const, message: 'Choose one of the times offered.' };
  return undefined;
}

/**
 * Books a call: takes a place of the slot and records the booking in one transaction, so a
 * full slot or a failure leaves nothing behind; queues the confirmation with its .ics.
 */
export async function bookCall(
  context: BookingContext,
  request: BookingRequest,
): Promise<BookingOutcome> {
  const region = mapRegion(request.region);
  const problem = bookingProblem(context, request);
  if (problem) return { kind: 'invalid', ...problem };
  const earlier = await repository.findBookingByRequestKey(context.db, request.requestKey);
  if (earlier) return sameRequest(earlier, request);
  const { calls } = context.settings[region];
  const token = randomBytes(32).toString('base64url');
  const at = context.now.toISOString();
  const row: BookingRow = {
    id: randomUUID(),
    region,
    topic: request.topic,
    name: request.name.trim(),
    email: request.email.trim(),
    time_zone: isTimeZone(request.timeZone)
      ? request.timeZone
      : context.settings[region].hours.timeZone,
    starts_at: request.startsAt,
    ends_at: new Date(Date.parse(request.startsAt) + calls.slotMinutes * 60_000).toISOString(),
    status: 'booked',
    manage_token_hash: hashOf(token),
    request_key: request.requestKey,
    reminded_at: null,
    created_at: at,
    updated_at: at,
  };
  try {
    const booked = await context.db.transaction().execute(async (trx) => {
      const place = { region, startsAt: request.startsAt, capacity: calls.capacity };
      if (!(await repository.takePlace(trx, place))) return false;
      await repository.insertBooking(trx, row);
      await mailAbout(context, trx, row, 'booked', context.manageUrl(token));
      return true;
    });
    if (!booked)
      return { kind: 'taken', nextSlots: await nextSlots(context, region, request.startsAt) };
    return { kind: 'booked', token, booking: view(row) };
  } catch (error) {
    // The same form sent twice at once: the second insert meets the first's request key.
    const first = await repository.findBookingByRequestKey(context.db, request.requestKey);
    if (first) return sameRequest(first, request);
    throw error;
  }
}

function sameRequest(earlier: BookingRow, request: BookingRequest): BookingOutcome {
  if (earlier.email !== request.email.trim() || earlier.starts_at !== request.startsAt)
    return {
      kind: 'invalid',
      field: 'startsAt',
      message: 'This form was already sent. Reload the page.',
    };
  return { kind: 'already-booked', booking: view(earlier) };
}

async function nextSlots(
  context: BookingContext,
  region: Region,
  after: string,
): Promise<BookableSlot[]> {
  const slots = await listBookableSlots(context, region);
  return slots.filter((slot) => slot.startsAt > after).slice(0, NEXT_SLOTS);
}

/** The booking the holder of this secret may see and change; undefined for an unknown one. */
export async function findBooking(
  context: Pick<BookingContext, 'db'>,
  token: string,
): Promise<BookingView | undefined> {
  const row = await findRow(context, token);
  return row ? view(row) : undefined;
}

async function findRow(context: Pick<BookingContext, 'db'>, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return repository.findBookingByTokenHash(context.db, hashOf(token));
}

export type ChangeOutcome =
  | { kind: 'done'; booking: BookingView }
  | { kind: 'gone' }
  | { kind: 'taken'; nextSlots: BookableSlot[] }
  | { kind: 'invalid'; message: string };

/** Cancels the call and frees its place; a second cancel finds it cancelled already. */
export async function cancelBooking(
  context: BookingContext,
  token: string,
): Promise<ChangeOutcome> {
  const row = await findRow(context, token);
  if (!row) return { kind: 'gone' };
  const at = context.now.toISOString();
  await context.db.transaction().execute(async (trx) => {
    if (!(await repository.markCancelled(trx, row.id, at))) return;
    await repository.releasePlace(trx, row.region, row.starts_at);
    await mailAbout(context, trx, { ...row, status: 'cancelled' }, 'cancelled', undefined);
  });
  const now = await findRow(context, token);
  return now ? { kind: 'done', booking: view(now) } : { kind: 'gone' };
}

/** Moves the call to another slot: the new place is taken before the old one is given back. */
export async function rescheduleBooking(
  context: BookingContext,
  token: string,
  startsAt: string,
): Promise<ChangeOutcome> {
  const row = await findRow(context, token);
  if (!row || row.status !== 'booked') return { kind: 'gone' };
  const region = mapRegion(row.region);
  const { hours, calls } = context.settings[region];
  if (startsAt === row.starts_at) return { kind: 'done', booking: view(row) };
  if (!isOfferedSlot(hours, calls, context.now, startsAt))
    return { kind: 'invalid', message: 'Choose one of the times offered.' };
  const endsAt = new Date(Date.parse(startsAt) + calls.slotMinutes * 60_000).toISOString();
  const at = context.now.toISOString();
  const moved = await context.db.transaction().execute(async (trx) => {
    if (!(await repository.takePlace(trx, { region, startsAt, capacity: calls.capacity })))
      return 'taken' as const;
    const change = { from: row.starts_at, startsAt, endsAt, now: at };
    if (!(await repository.moveBooking(trx, row.id, change))) {
      await repository.releasePlace(trx, region, startsAt);
      return 'gone' as const;
    }
    await repository.releasePlace(trx, region, row.starts_at);
    await mailAbout(
      context,
      trx,
      { ...row, starts_at: startsAt, ends_at: endsAt },
      'moved',
      context.manageUrl(token),
    );
    return 'moved' as const;
  });
  if (moved === 'taken')
    return { kind: 'taken', nextSlots: await nextSlots(context, region, startsAt) };
  if (moved === 'gone') return { kind: 'gone' };
  return { kind: 'done', booking: view({ ...row, starts_at: startsAt, ends_at: endsAt }) };
}

/** Booked calls still to come (or under way), soonest first: the agents' list. */
export async function listUpcomingCalls(
  context: Pick<BookingContext, 'db' | 'now'>,
  limit = 200,
): Promise<BookingView[]> {
  return (await repository.listBookedCalls(context.db, context.now.toISOString(), limit)).map(view);
}

/** Queues the reminder of every call starting within a day, once per call and time. */
export async function sendCallReminders(
  context: Pick<BookingContext, 'db' | 'now' | 'siteUrl'>,
): Promise<number> {
  const now = context.now.toISOString();
  const dayOn = new Date(context.now.getTime() + 24 * 60 * 60 * 1000).toISOString();
  let sent = 0;
  for (const row of await repository.listUnreminded(context.db, now, dayOn)) {
    const queued = await context.db.transaction().execute(async (trx) => {
      if (!(await repository.markReminded(trx, row.id, row.starts_at, now))) return false;
      await mailAbout(context, trx, row, 'reminder', undefined);
      return true;
    });
    if (queued) sent += 1;
  }
  return sent;
}
