import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CALL_TOPICS, callbackWhen, contactTopic, isTimeZone, normalisePhone } from '~core/contact';
import { mapRegion, type Region } from '~core/regions';
import type { Database } from '~server/db/schema.ts';
import * as repository from './callbacks.repository.ts';
import { LIMIT_MESSAGE, withinContactLimit } from './contact-limits.ts';
import type { ContactSettings } from './contact-settings.ts';

export interface CallbackContext {
  db: Kysely<Database>;
  settings: ContactSettings;
  now: Date;
}

export interface CallbackRequest {
  region: string;
  topic: string;
  name: string;
  phone: string;
  when: string;
  callbackDate: string;
  callbackFrom: string;
  callbackTo: string;
  timeZone: string;
  requestKey: string;
  /** The visitor's network address, for the limit on requests from one visitor. */
  networkAddress: string;
}

export type CallbackField =
  'topic' | 'name' | 'phone' | 'callbackDate' | 'callbackFrom' | 'callbackTo';

export type CallbackOutcome =
  | { kind: 'requested'; phone: string; waitMinutes: number | undefined }
  | { kind: 'invalid'; field: CallbackField; message: string }
  | { kind: 'limited'; message: string };

/** The minutes one callback takes an agent, for the wait a visitor is told. */
const MINUTES_PER_CALLBACK = 10;
const FURTHEST_WINDOW_DAYS = 14;

/**
 * The current wait for a callback as soon as possible in a region, in minutes: the queue ahead
 * shared by the agents on duty (the call calendar's places per slot).
 */
export async function callbackWait(context: CallbackContext, region: Region): Promise<number> {
  const waiting = await repository.countWaitingAsap(context.db, region);
  const agents = context.settings[region].calls.capacity;
  return Math.ceil(((waiting + 1) * MINUTES_PER_CALLBACK) / agents);
}

/**
 * Records a callback request for agents to work through; a form sent twice asks once. Only a
 * valid request counts against the limits per network address and per number, so a refused
 * form leaves nothing behind but its count.
 */
export async function requestCallback(
  context: CallbackContext,
  request: CallbackRequest,
): Promise<CallbackOutcome> {
  const region = mapRegion(request.region);
  if (!CALL_TOPICS.some((topic) => topic.key === request.topic))
    return { kind: 'invalid', field: 'topic', message: 'Choose what the call is about.' };
  const name = request.name.trim();
  if (name === '' || name.length > 120)
    return { kind: 'invalid', field: 'name', message: 'Enter your name, up to 120 characters.' };
  const phone = normalisePhone(request.phone, region);
  if (!phone.ok) return { kind: 'invalid', field: 'phone', message: phone.message };
  const when = callbackWhen({
    when: request.when,
    date: request.callbackDate,
    from: request.callbackFrom,
    to: request.callbackTo,
  });
  if (!when.ok) return { kind: 'invalid', field: when.field, message: when.message };
  const zone = isTimeZone(request.timeZone)
    ? request.timeZone
    : context.settings[region].hours.timeZone;
  if (when.when.kind === 'window' && !withinReach(when.when.date, zone, context.now))
    return {
      kind: 'invalid',
      field: 'callbackDate',
      message: `Choose a day from today to ${FURTHEST_WINDOW_DAYS} days ahead.`,
    };
  if (!(await withinLimits(context, request.networkAddress, phone.e164)))
    return { kind: 'limited', message: LIMIT_MESSAGE };
  const waitMinutes = when.when.kind === 'asap' ? await callbackWait(context, region) : undefined;
  const window = when.when.kind === 'window' ? when.when : undefined;
  await repository.insertCallback(context.db, {
    id: randomUUID(),
    region,
    topic: request.topic,
    name,
    phone: phone.e164,
    when_kind: when.when.kind,
    window_date: window?.date ?? null,
    window_from: window?.from ?? null,
    window_to: window?.to ?? null,
    time_zone: zone,
    status: 'waiting',
    request_key: request.requestKey,
    created_at: context.now.toISOString(),
    called_at: null,
    called_by: null,
  });
  return { kind: 'requested', phone: phone.display, waitMinutes };
}

async function withinLimits(context: CallbackContext, networkAddress: string, phone: string) {
  const fromNetwork = await withinContactLimit(
    context.db,
    'requestsPerNetwork',
    networkAddress,
    context.now,
  );
  return (
    fromNetwork && (await withinContactLimit(context.db, 'requestsPerAddress', phone, context.now))
  );
}

function withinReach(date: string, zone: string, now: Date): boolean {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
  const last = new Date(Date.parse(today) + FURTHEST_WINDOW_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return date >= today && date <= last;
}

export interface CallbackTask {
  id: string;
  region: string;
  topicLabel: string;
  name: string;
  phone: string;
  when: string;
  createdAt: string;
}

/** The callbacks agents owe, oldest first. */
export async function listCallbackTasks(
  context: Pick<CallbackContext, 'db'>,
): Promise<CallbackTask[]> {
  return (await repository.listWaiting(context.db, 200)).map((row) => ({
    id: row.id,
    region: row.region,
    topicLabel: contactTopic(row.topic)?.label ?? row.topic,
    name: row.name,
    phone: row.phone,
    when:
      row.when_kind === 'asap'
        ? 'As soon as possible'
        : `${row.window_date} ${row.window_from}–${row.window_to} (${row.time_zone})`,
    createdAt: row.created_at,
  }));
}

/** An agent called back; false when another agent marked it first. */
export async function markCallbackCalled(
  context: Pick<CallbackContext, 'db' | 'now'>,
  id: string,
  agentId: string,
): Promise<boolean> {
  return repository.markCalled(context.db, id, { id: agentId, at: context.now.toISOString() });
}
