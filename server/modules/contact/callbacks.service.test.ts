import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  CONTACT_LIMITS,
  LIMIT_MESSAGE,
  callbackWait,
  contactSettingsFrom,
  listCallbackTasks,
  markCallbackCalled,
  requestCallback,
  type CallbackContext,
  type CallbackRequest,
} from './index.ts';

const NOW = new Date('2026-11-26T00:00:00Z'); // Thursday 11:00 in Sydney

describeEachDialect('callbacks', (database) => {
  const context = (): CallbackContext => ({
    db: database().db,
    settings: contactSettingsFrom({ regions: {} }),
    now: NOW,
  });
  const request = (fields: Partial<CallbackRequest> = {}): CallbackRequest => ({
    region: 'AU',
    topic: 'payroll',
    name: 'Mia Chen',
    phone: '(02) 9374 4000',
    when: 'asap',
    callbackDate: '',
    callbackFrom: '',
    callbackTo: '',
    timeZone: 'Australia/Sydney',
    requestKey: randomUUID(),
    networkAddress: '192.0.2.7',
    ...fields,
  });

  beforeEach(async () => {
    await database().db.deleteFrom('contact_callback').execute();
    await database().db.deleteFrom('rate_limit_window').execute();
  });

  it('takes a national number, keeps it as agents dial it, and tells the wait', async () => {
    const first = await requestCallback(context(), request());
    expect(first).toEqual({ kind: 'requested', phone: '+61 2 9374 4000', waitMinutes: 4 });
    const second = await requestCallback(context(), request());
    // The demo's three agents in Australia share the queue: two ahead of the third take 10.
    expect(second).toMatchObject({ waitMinutes: 7 });
    expect(await callbackWait(context(), 'AU')).toBe(10);
    const [task] = await listCallbackTasks(context());
    expect(task).toMatchObject({ phone: '+61293744000', when: 'As soon as possible' });
  });

  it('refuses a number, a time or a day that cannot be, field by field', async () => {
    expect(await requestCallback(context(), request({ phone: '12' }))).toMatchObject({
      field: 'phone',
    });
    const window = { when: 'window', callbackDate: '2026-11-27', callbackFrom: '09:00' };
    expect(
      await requestCallback(context(), request({ ...window, callbackTo: '25:00' })),
    ).toMatchObject({ field: 'callbackTo' });
    expect(
      await requestCallback(
        context(),
        request({ ...window, callbackDate: '2026-11-25', callbackTo: '10:00' }),
      ),
    ).toMatchObject({ field: 'callbackDate' });
    expect(await requestCallback(context(), request({ topic: 'mfa' }))).toMatchObject({
      field: 'topic',
    });
    expect(await listCallbackTasks(context())).toEqual([]);
  });

  it('asks once for a form sent twice, and one agent marks it called', async () => {
    const same = request({
      when: 'window',
      callbackDate: '2026-11-27',
      callbackFrom: '09:00',
      callbackTo: '10:30',
    });
    await Promise.all([requestCallback(context(), same), requestCallback(context(), same)]);
    const tasks = await listCallbackTasks(context());
    expect(tasks).toHaveLength(1);
    expect(tasks[0]?.when).toBe('2026-11-27 09:00–10:30 (Australia/Sydney)');
    const id = tasks[0]?.id ?? '';
    const marks = await Promise.all([
      markCallbackCalled(context(), id, 'agent-1'),
      markCallbackCalled(context(), id, 'agent-2'),
    ]);
    expect(marks.filter(Boolean)).toHaveLength(1);
    expect(await listCallbackTasks(context())).toEqual([]);
  });

  it('limits callbacks per number and per network address, telling the visitor clearly', async () => {
    const perNumber = CONTACT_LIMITS.requestsPerAddress.max;
    for (let sent = 0; sent < perNumber; sent += 1)
      expect(await requestCallback(context(), request())).toMatchObject({ kind: 'requested' });
    // The same number written another way is the same number.
    expect(await requestCallback(context(), request({ phone: '+61 2 9374 4000' }))).toEqual({
      kind: 'limited',
      message: LIMIT_MESSAGE,
    });
    expect(await listCallbackTasks(context())).toHaveLength(perNumber);

    const other = (n: number) =>
      request({ networkAddress: '198.51.100.9', phone: `0412 345 ${String(n).padStart(3, '0')}` });
    const perNetwork = CONTACT_LIMITS.requestsPerNetwork.max;
    for (let sent = 0; sent < perNetwork; sent += 1)
      expect(await requestCallback(context(), other(sent))).toMatchObject({ kind: 'requested' });
    expect(await requestCallback(context(), other(perNetwork))).toMatchObject({ kind: 'limited' });
  });
});
