import { randomUUID } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { listOutbox } from '~server/modules/mail';
import { createPractice, type PracticeUser } from '~server/modules/practices';
import { describeEachDialect } from '~tests/support/dialects.ts';
import * as ledger from './ledger.repository.ts';
import {
  listServiceJobs,
  offerServiceJob,
  rateServiceJob,
  serviceJobDetail,
  serviceJobForClient,
  takeServiceJobStep,
  type RatingLinks,
} from './service-jobs.service.ts';

const NOW = new Date('2026-11-26T09:00:00.000Z');
const LINKS: RatingLinks = {
  key: Buffer.alloc(32, 7),
  siteUrl: 'https://help.example',
};

const person = (name: string): PracticeUser => ({
  id: newRecordId('user'),
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
});

describeEachDialect('managed-service jobs', (database) => {
  beforeEach(async () => {
    const { db } = database();
    for (const table of [
      'partner_service_job',
      'practice',
      'practice_person',
      'practice_listing',
      'mail_outbox',
    ] as const)
      await db.deleteFrom(table).execute();
  });

  async function practiceFor(user: PracticeUser, name: string, registrationNumber: string) {
    const created = await createPractice(
      {
        db: database().db,
        now: NOW,
        links: { manage: 'https://help.example/manage', listing: (slug) => slug },
      },
      user,
      {
        name,
        market: 'AU',
        registrationNumber,
        address: '1 George Street',
        city: 'Sydney',
        postcode: '2000',
        services: ['bookkeeping'],
        requestKey: randomUUID(),
      },
    );
    if (created.kind !== 'created') throw new Error(`practice not created: ${created.kind}`);
    return created.practiceId;
  }

  const offer = (title = 'Move Harbour Café from spreadsheets') =>
    offerServiceJob(database().db, {
      title,
      kind: 'migration',
      description: 'Three years of books to bring in, with opening balances.',
      clientName: 'Harbour Café',
      clientEmail: 'owner@harbour-cafe.example',
      at: NOW,
    });

  const step = (userId: string, jobId: string, name: 'accept' | 'start' | 'complete', notes = '') =>
    takeServiceJobStep(database().db, { userId, jobId, step: name, notes, at: NOW, links: LINKS });

  async function twoPractices() {
    const mia = person('Mia Chen');
    const sam = person('Sam Taylor');
    await practiceFor(mia, 'Harbour Books', '51 824 753 556');
    await practiceFor(sam, 'Other Books', '53 004 085 616');
    return { mia, sam };
  }

  it('offers a job to every practice and lets one practice win two accepts at once', async () => {
    const { mia, sam } = await twoPractices();
    const jobId = await offer();
    expect((await listServiceJobs(database().db, sam.id)).jobs.map((job) => job.id)).toEqual([
      jobId,
    ]);
    const results = await Promise.all([
      step(mia.id, jobId, 'accept'),
      step(sam.id, jobId, 'accept'),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, reason: 'taken' }]);
  });

  it('hides a taken job from the other practice and refuses its steps there', async () => {
    const { mia, sam } = await twoPractices();
    const jobId = await offer();
    expect(await step(mia.id, jobId, 'accept')).toEqual({ ok: true, status: 'accepted' });
    expect((await listServiceJobs(database().db, sam.id)).jobs).toEqual([]);
    expect(await serviceJobDetail(database().db, sam.id, jobId)).toBeUndefined();
    expect(await step(sam.id, jobId, 'start')).toEqual({ ok: false, reason: 'not-found' });
    expect(await step(sam.id, jobId, 'accept')).toEqual({ ok: false, reason: 'taken' });
    const mine = await listServiceJobs(database().db, mia.id);
    expect(mine.jobs).toMatchObject([
      { id: jobId, ours: true, status: 'accepted', nextStep: 'start' },
    ]);
  });

  it('lets a partner without a practice see offers but not accept them', async () => {
    const loner = person('Lee Park');
    const jobId = await offer();
    const list = await listServiceJobs(database().db, loner.id);
    expect(list).toMatchObject({ practice: null, jobs: [{ id: jobId, nextStep: null }] });
    expect(await step(loner.id, jobId, 'accept')).toEqual({ ok: false, reason: 'no-practice' });
  });

  it('takes the steps in order, once each, and wants notes to complete', async () => {
    const { mia } = await twoPractices();
    const jobId = await offer();
    await step(mia.id, jobId, 'accept');
    expect(await step(mia.id, jobId, 'complete', 'Done')).toEqual({
      ok: false,
      reason: 'moved-on',
    });
    expect(await step(mia.id, jobId, 'start')).toEqual({ ok: true, status: 'in-progress' });
    // The same form sent twice answers as the first did.
    expect(await step(mia.id, jobId, 'start')).toEqual({ ok: true, status: 'in-progress' });
    expect(await step(mia.id, jobId, 'accept')).toEqual({ ok: true, status: 'in-progress' });
    expect(await step(mia.id, jobId, 'complete', '   ')).toMatchObject({
      ok: false,
      reason: 'invalid',
      field: 'notes',
    });
    expect(await step(mia.id, jobId, 'complete', 'Opening balances in.')).toEqual({
      ok: true,
      status: 'completed',
    });
  });

  it('credits the completion once through the ledger and mails the client a signed link', async () => {
    const { db } = database();
    const { mia } = await twoPractices();
    const jobId = await offer();
    await step(mia.id, jobId, 'accept');
    await step(mia.id, jobId, 'start');
    const both = await Promise.all([
      step(mia.id, jobId, 'complete', 'Opening balances in.'),
      step(mia.id, jobId, 'complete', 'Opening balances in.'),
    ]);
    expect(both).toEqual([
      { ok: true, status: 'completed' },
      { ok: true, status: 'completed' },
    ]);
    const entries = await ledger.listEntries(db, mia.id);
    const credits = entries.filter((entry) => entry.source_event === `service-job:${jobId}`);
    expect(credits).toHaveLength(1);
    expect(credits[0]!.points).toBeGreaterThan(0);
    const mails = (await listOutbox(db)).filter(
      (mail) => mail.recipient === 'owner@harbour-cafe.example',
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(
      `https://help.example/0/partners/managed-services/partner-service-job/${jobId}?rating=`,
    );
    const signature = /rating=([\w-]+)/.exec(mails[0]!.text_body)?.[1];
    expect(signature).toBeDefined();
    expect(await serviceJobForClient(db, LINKS.key, jobId, signature!)).toMatchObject({
      id: jobId,
      rating: null,
    });
  });

  it('takes the client’s rating once, only through the signed link', async () => {
    const { db } = database();
    const { mia } = await twoPractices();
    const jobId = await offer();
    await step(mia.id, jobId, 'accept');
    await step(mia.id, jobId, 'start');
    await step(mia.id, jobId, 'complete', 'Opening balances in.');
    const signature = /rating=([\w-]+)/.exec((await listOutbox(db))[0]!.text_body)![1]!;
    const rate = (stars: string, sig = signature) =>
      rateServiceJob(db, {
        key: LINKS.key,
        jobId,
        signature: sig,
        stars,
        comment: 'Quick',
        at: NOW,
      });
    expect(await rate('5', 'x'.repeat(signature.length))).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await rate('9')).toMatchObject({ ok: false, reason: 'invalid', field: 'stars' });
    expect(await rate('5')).toEqual({ ok: true });
    expect(await rate('1')).toEqual({ ok: false, reason: 'already-rated' });
    const detail = await serviceJobDetail(db, mia.id, jobId);
    expect(detail?.job).toMatchObject({ rating: 5, ratingComment: 'Quick' });
  });
});
