import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { PortalConfig } from '~server/config.ts';
import { buildPortalServer } from '~server/app.ts';
import { backgroundJobs } from '~server/background-jobs.ts';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { importContent, listTopics } from '~server/modules/content';
import { ShiftedClock } from '~tests/support/clock.ts';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { multipart } from '~tests/support/multipart.ts';
import { pageRequests, signInAs, type SignedInSession } from '~tests/support/sessions.ts';

const LOG = Buffer.from('09:00 bank feed sync failed: token expired\n');
const PROGRAM = Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);
const DRAFT_ID = /name="draft" value="(a0T[0-9A-Za-z]{15})"/;
const DOWNLOAD = /href="(\/s\/case-attachments\/00P[0-9A-Za-z]{15})"/;

describeEachDialect('files chosen on the raise flow’s details step, over HTTP', (database) => {
  let app: FastifyInstance;
  let config: PortalConfig;
  let dir = '';
  let owner: SignedInSession;
  let stranger: SignedInSession;
  let partner: SignedInSession;
  let banking = '';
  const clock = new ShiftedClock();
  const { get, post } = pageRequests(() => app);

  const values = (categoryId = banking) => ({
    subject: 'Bank feed stopped',
    description: 'No transactions have come in since Monday morning.',
    product: '',
    categoryId,
    topicId: '',
    impact: 'just-me',
    contactMethod: 'email',
    contactEmail: 'owner@example.com',
    contactPhone: '',
    callbackFrom: '',
    callbackTo: '',
  });

  /** The details step sent as a browser without scripts sends it, with files. */
  async function sendDetails(
    who: SignedInSession,
    fields: Record<string, string>,
    files: ReadonlyArray<[string, Buffer]>,
    url = '/s/raise-support-case',
  ) {
    const form = new FormData();
    form.append('_csrf', who.csrfToken);
    for (const [name, value] of Object.entries({ step: 'details', intent: 'next', ...fields }))
      form.append(name, value);
    for (const [name, bytes] of files)
      form.append('attachments', new Blob([new Uint8Array(bytes)]), name);
    const { payload, contentType } = await multipart(form);
    return app.inject({
      method: 'POST',
      url,
      headers: { cookie: who.cookie, 'content-type': contentType, accept: 'text/html' },
      payload,
    });
  }

  const draftOf = (body: string) => DRAFT_ID.exec(body)?.[1] ?? '';
  const draftRows = () =>
    database().db.selectFrom('support_case_draft_file').select('id').execute();

  beforeAll(async () => {
    const { db } = database();
    await importContent(db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    banking = (await listTopics(db)).find((topic) => topic.slug === 'banking')?.id ?? '';
    dir = await mkdtemp(join(tmpdir(), 'case-drafts-http-'));
    config = testConfig({ CASE_ATTACHMENTS_DIR: dir });
    owner = await signInAs(
      database(),
      { subject: 'draft-owner', email: 'owner@example.com' },
      config,
      clock,
    );
    stranger = await signInAs(database(), { subject: 'draft-stranger' }, config, clock);
    partner = await signInAs(
      database(),
      { subject: 'draft-partner', isPartner: true },
      config,
      clock,
    );
    app = await buildPortalServer({ config, database: database(), clock });
  });
  beforeEach(async () => {
    await database().db.deleteFrom('support_case_draft').execute();
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps a file chosen on the details step, lists it on the review step, and puts it on the case', async () => {
    const review = await sendDetails(owner, values(), [['sync.log', LOG]]);
    expect(review.statusCode).toBe(200);
    expect(review.body).toContain('Review and submit');
    expect(review.body).toContain('aria-label="Files attached to this case"');
    expect(review.body).toContain(`sync.log</a> <span class="`);
    expect(review.body).toContain(`${LOG.length} bytes`);
    expect(review.body).toContain('aria-label="Remove sync.log"');
    const draft = draftOf(review.body);
    expect(draft).not.toBe('');
    // The person who chose it may download it before the case exists.
    const download = DOWNLOAD.exec(review.body)?.[1] ?? '';
    const file = await get(download, owner);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="sync.log"/);
    expect(file.rawPayload).toEqual(LOG);
    // Back to the details step and on again: the file is still listed, nothing is added twice.
    const back = await post('/s/raise-support-case', owner, {
      ...values(),
      draft,
      step: 'review',
      intent: 'back',
    });
    expect(back.body).toContain('How many people does this stop from working?');
    expect(back.body).toContain('Attach more files');
    expect(back.body).toContain('sync.log');
    expect(await draftRows()).toHaveLength(1);

    const submitted = await post('/s/raise-support-case', owner, {
      ...values(),
      draft,
      step: 'review',
      intent: 'submit',
      idempotencyKey: 'draft-http-submit-1',
    });
    expect(submitted.statusCode).toBe(303);
    const caseId = /submitted=(500[0-9A-Za-z]{15})/.exec(String(submitted.headers.location))?.[1];
    const page = await get(`/s/case?caseId=${caseId}`, owner);
    expect(page.body).toContain('aria-label="Files sent with the case"');
    expect(page.body).toContain(`href="${download}"`);
    expect((await get(download, owner)).rawPayload).toEqual(LOG);
    expect(await draftRows()).toEqual([]);
  });

  it('names a refused file at the field, keeps what was typed and the files kept before, and stores nothing for it', async () => {
    const first = await sendDetails(owner, values(), [['sync.log', LOG]]);
    const draft = draftOf(first.body);
    const refused = await sendDetails(
      owner,
      { ...values(), draft, contactMethod: 'phone', contactPhone: '02 9876 5432' },
      [['setup.exe', PROGRAM]],
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain(
      'setup.exe is not a file type cases take: attach PDFs, images (PNG, JPEG, GIF, WebP) or text files.',
    );
    expect(refused.body).toMatch(/<input[^>]+type="file"[^>]+aria-invalid="true"/);
    expect(refused.body).toContain('How many people does this stop from working?');
    expect(refused.body).toContain('value="02 9876 5432"');
    expect(refused.body).toContain('sync.log');
    expect(draftOf(refused.body)).toBe(draft);
    expect(await draftRows()).toHaveLength(1);
    await expect.poll(async () => readdir(join(dir, 'incoming'))).toEqual([]);
    // Removing it on the review step without scripts takes it and its bytes away.
    const [row] = await draftRows();
    const removed = await post('/s/raise-support-case', owner, {
      ...values(),
      draft,
      step: 'review',
      intent: `remove-file:${row?.id ?? ''}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toContain('sync.log was removed.');
    expect(removed.body).not.toContain('aria-label="Remove sync.log"');
    expect(await draftRows()).toEqual([]);
    expect(existsSync(join(dir, row?.id ?? ''))).toBe(false);
  });

  it("answers 404 to another person for someone else's draft: its list, its files, a removal, a submit", async () => {
    const review = await sendDetails(owner, values(), [['sync.log', LOG]]);
    const draft = draftOf(review.body);
    const download = DOWNLOAD.exec(review.body)?.[1] ?? '';
    const fileId = download.split('/').pop() ?? '';
    const theirs = { ...values(), draft, contactEmail: 'stranger@example.com' };
    const attempts = [
      await post('/s/raise-support-case', stranger, { ...theirs, step: 'review', intent: 'back' }),
      await post('/s/raise-support-case', stranger, { ...theirs, step: 'deflect', intent: 'next' }),
      await sendDetails(stranger, theirs, []),
      await sendDetails(stranger, theirs, [['mine.log', LOG]]),
      await post('/s/raise-support-case', stranger, {
        ...theirs,
        step: 'review',
        intent: `remove-file:${fileId}`,
      }),
      await post('/s/raise-support-case', stranger, {
        ...theirs,
        step: 'review',
        intent: 'submit',
        idempotencyKey: 'draft-http-stranger-1',
      }),
      await get(download, stranger),
      // The owner's own draft is not the partner flow's.
      await post('/s/submit-partner-query', partner, { ...theirs, step: 'review', intent: 'back' }),
    ];
    expect(attempts.map((answer) => answer.statusCode)).toEqual(attempts.map(() => 404));
    expect((await get(download, owner)).statusCode).toBe(200);
    expect(await draftRows()).toHaveLength(1);
    const cases = await database()
      .db.selectFrom('support_case')
      .select('id')
      .where('owner_id', '=', stranger.user.id)
      .execute();
    expect(cases).toEqual([]);
  });

  it('keeps files on the details step of a partner query and puts them on the query', async () => {
    const fields = { ...values('client-subscriptions'), contactEmail: 'partner@example.com' };
    const review = await sendDetails(
      partner,
      fields,
      [['client-list.csv', LOG]],
      '/s/submit-partner-query',
    );
    expect(review.body).toContain('Review and submit');
    expect(review.body).toContain('aria-label="Remove client-list.csv"');
    const submitted = await post('/s/submit-partner-query', partner, {
      ...fields,
      draft: draftOf(review.body),
      step: 'review',
      intent: 'submit',
      idempotencyKey: 'draft-http-partner-1',
    });
    expect(submitted.statusCode).toBe(303);
    const caseId = /submitted=(500[0-9A-Za-z]{15})/.exec(String(submitted.headers.location))?.[1];
    const files = await database()
      .db.selectFrom('support_case_attachment')
      .select('file_name')
      .where('case_id', '=', caseId ?? '')
      .execute();
    expect(files).toEqual([{ file_name: 'client-list.csv' }]);
  });

  it('sweeps a draft nobody sent 24 hours on, with its file, in the housekeeping job', async () => {
    const review = await sendDetails(owner, values(), [['sync.log', LOG]]);
    const draft = draftOf(review.body);
    const download = DOWNLOAD.exec(review.body)?.[1] ?? '';
    const fileId = download.split('/').pop() ?? '';
    expect(existsSync(join(dir, fileId))).toBe(true);
    const jobs = backgroundJobs(config, database(), clock, { info: () => {}, error: () => {} });
    const housekeeping = jobs.definitions.find((job) => job.name === 'site.housekeeping');
    await housekeeping?.run({});
    expect(existsSync(join(dir, fileId))).toBe(true);

    clock.advance(24 * 60 * 60 * 1000 + 60_000);
    await housekeeping?.run({});
    jobs.close();
    expect(existsSync(join(dir, fileId))).toBe(false);
    expect(await draftRows()).toEqual([]);
    const later = await signInAs(
      database(),
      { subject: 'draft-owner', email: 'owner@example.com' },
      config,
      clock,
    );
    expect((await get(download, later)).statusCode).toBe(404);
    // The flow says the files are gone, and goes on without them.
    const back = await post('/s/raise-support-case', later, {
      ...values(),
      draft,
      step: 'review',
      intent: 'back',
    });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(
      'The files you chose were kept for 24 hours and have been removed: choose them again.',
    );
    expect(draftOf(back.body)).toBe('');
  });
});
