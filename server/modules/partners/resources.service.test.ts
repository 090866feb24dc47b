import { expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { recordPartnerEvent } from './engine.service.ts';
import * as ledger from './ledger.repository.ts';
import { downloadResource, listPartnerResources } from './resources.service.ts';

const NOW = new Date('2026-11-10T12:00:00.000Z');
const GUIDE = 'partnerResource-onboarding-guide';
const PLAYBOOK = 'partnerResource-advisory-playbook';

describeEachDialect('partner resources', (database) => {
  async function starter(): Promise<string> {
    const owner = newRecordId('user');
    await recordPartnerEvent(database().db, {
      userId: owner,
      kind: 'programme-joined',
      sourceEvent: `${owner}:joined`,
      occurredAt: NOW,
    });
    await recordPartnerEvent(database().db, {
      userId: owner,
      kind: 'certification-passed',
      sourceEvent: `${owner}:cert`,
      occurredAt: NOW,
    });
    return owner;
  }

  it('lists every resource, the ones above the partner’s tier locked with the tier that opens them', async () => {
    const owner = await starter();
    const listed = await listPartnerResources(database().db, owner);
    expect(listed.find((resource) => resource.id === GUIDE)?.lock).toBeNull();
    expect(listed.find((resource) => resource.id === PLAYBOOK)?.lock).toBe(
      'Unlocks at Silver tier',
    );
    const stranger = await listPartnerResources(database().db, newRecordId('user'));
    expect(stranger.every((resource) => resource.lock !== null)).toBe(true);
  });

  it('counts every download and counts the event once per partner and resource', async () => {
    const { db } = database();
    const owner = await starter();
    const before = (await listPartnerResources(db, owner)).find((r) => r.id === GUIDE)?.downloads;
    const open = () => downloadResource(db, { userId: owner, resourceId: GUIDE, at: NOW });
    const results = await Promise.all([open(), open()]);
    expect(results).toEqual([
      { ok: true, link: '/resource/partners/partner-onboarding-guide.md' },
      { ok: true, link: '/resource/partners/partner-onboarding-guide.md' },
    ]);
    const after = (await listPartnerResources(db, owner)).find((r) => r.id === GUIDE)?.downloads;
    expect(after).toBe((before ?? 0) + 2);
    expect(await ledger.countEvents(db, owner, 'resource-downloaded', NOW.toISOString())).toBe(1);
  });

  it('refuses a locked resource and one that does not exist', async () => {
    const owner = await starter();
    const open = (resourceId: string) =>
      downloadResource(database().db, { userId: owner, resourceId, at: NOW });
    expect(await open(PLAYBOOK)).toEqual({
      ok: false,
      reason: 'locked',
      message: 'Unlocks at Silver tier',
    });
    expect(await open('partnerResource-none')).toEqual({ ok: false, reason: 'not-found' });
  });
});
