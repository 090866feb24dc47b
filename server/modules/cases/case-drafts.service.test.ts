import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { caseWorld, customerCase, refusal, type CaseWorld, type Person } from './cases.fixture.ts';
import {
  getCase,
  getCaseDraft,
  keepDraftFiles,
  openCaseAttachment,
  raiseCase,
  removeDraftFile,
  sweepLapsedDrafts,
  type AttachmentUpload,
  type CaseContext,
} from './index.ts';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const hoursLater = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const LOG = Buffer.from('09:00 bank feed sync failed: token expired\n');
const CUSTOMER = { queue: 'customer' as const, draftId: '' };

describeEachDialect('files chosen before the case, in the raise flow’s draft', (database) => {
  let world: CaseWorld;
  const root = join(tmpdir(), `case-drafts-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const stored = join(root, 'stored');
  const incoming = join(root, 'incoming');
  let count = 0;

  /** A file as the page mount leaves it for the action: in a temporary file, measured. */
  async function upload(fileName: string, bytes: Buffer): Promise<AttachmentUpload> {
    const path = join(incoming, `incoming-${(count += 1)}`);
    await writeFile(path, bytes);
    return {
      fileName,
      path,
      size: bytes.length,
      head: bytes.subarray(0, 4096),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  }

  const as = (who: Person, now = T0): CaseContext => ({
    ...world.as(who, now),
    attachmentsDir: stored,
  });
  const rows = (table: 'support_case' | 'support_case_draft' | 'support_case_draft_file') =>
    database().db.selectFrom(table).select('id').execute();

  beforeAll(async () => {
    world = await caseWorld(database().db, T0);
  });
  beforeEach(async () => {
    await database().db.deleteFrom('support_case').execute();
    await database().db.deleteFrom('support_case_draft').execute();
    await rm(root, { recursive: true, force: true });
    await mkdir(incoming, { recursive: true });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('keeps files from two posts in one draft, lists them, and moves them onto the case it raises', async () => {
    const first = await keepDraftFiles(as('owner'), CUSTOMER, [await upload('sync.log', LOG)]);
    expect(first.draftId).toMatch(/^a0T[0-9A-Za-z]{15}$/);
    const second = await keepDraftFiles(
      as('owner', hoursLater(1)),
      { ...CUSTOMER, draftId: first.draftId },
      [await upload('screenshot.png', PNG)],
    );
    expect(second.draftId).toBe(first.draftId);
    expect(second.files.map((file) => [file.fileName, file.size])).toEqual([
      ['sync.log', `${LOG.length} bytes`],
      ['screenshot.png', '14 bytes'],
    ]);
    expect(await readdir(incoming)).toEqual([]);
    // The person who chose a file may download it before the case exists.
    const log = second.files[0];
    const waiting = await openCaseAttachment(as('owner', hoursLater(1)), log?.id ?? '');
    expect(await readFile(waiting.path)).toEqual(LOG);
    expect(
      await getCaseDraft(as('owner', hoursLater(2)), { ...CUSTOMER, draftId: second.draftId }),
    ).toEqual({
      ...second,
      lapsed: false,
    });

    const raised = await raiseCase(as('owner', hoursLater(2)), {
      ...customerCase(world),
      draftId: first.draftId,
    });
    const view = await getCase(as('owner', hoursLater(2)), raised.id);
    expect(view.attachments.map((file) => [file.id, file.fileName, file.contentType])).toEqual([
      [log?.id, 'sync.log', 'text/plain; charset=utf-8'],
      [second.files[1]?.id, 'screenshot.png', 'image/png'],
    ]);
    // The same ids and the same bytes, now the case's, and nothing left in a draft.
    expect(await readFile((await openCaseAttachment(as('agent'), log?.id ?? '')).path)).toEqual(
      LOG,
    );
    expect(await rows('support_case_draft')).toEqual([]);
    expect(await rows('support_case_draft_file')).toEqual([]);
    expect((await readdir(stored)).sort()).toEqual(view.attachments.map((f) => f.id).sort());
  });

  it('answers another person, and the other flow, as if the draft did not exist', async () => {
    const draft = await keepDraftFiles(as('owner'), CUSTOMER, [await upload('sync.log', LOG)]);
    const ref = { ...CUSTOMER, draftId: draft.draftId };
    const fileId = draft.files[0]?.id ?? '';
    const notFound = { code: 'NOT_FOUND', field: undefined };
    for (const who of ['stranger', 'colleague', 'contact', 'agent'] as const) {
      expect(await refusal(getCaseDraft(as(who), ref)), who).toEqual(notFound);
      expect(await refusal(openCaseAttachment(as(who), fileId)), who).toEqual(notFound);
      expect(await refusal(removeDraftFile(as(who), ref, fileId)), who).toEqual(notFound);
      expect(
        await refusal(keepDraftFiles(as(who), ref, [await upload('mine.pdf', PDF)])),
        who,
      ).toEqual(notFound);
      expect(
        await refusal(raiseCase(as(who), { ...customerCase(world), draftId: draft.draftId })),
        who,
      ).toEqual(notFound);
    }
    // The owner's own draft is not the partner flow's.
    expect(await refusal(getCaseDraft(as('owner'), { ...ref, queue: 'partner' }))).toEqual(
      notFound,
    );
    // Nothing of theirs was added, nothing of the owner's taken, no case made.
    expect(await rows('support_case')).toEqual([]);
    expect(await rows('support_case_draft_file')).toEqual([{ id: fileId }]);
    expect(await readdir(stored)).toEqual([fileId]);
    expect((await getCaseDraft(as('owner'), ref)).files).toHaveLength(1);
  });

  it('removes a file with its bytes, refuses a file of another draft, and ends the draft with its last file', async () => {
    const mine = await keepDraftFiles(as('owner'), CUSTOMER, [
      await upload('sync.log', LOG),
      await upload('statement.pdf', PDF),
    ]);
    const theirs = await keepDraftFiles(as('stranger'), CUSTOMER, [await upload('x.png', PNG)]);
    const ref = { ...CUSTOMER, draftId: mine.draftId };
    // Another person's file named through one's own draft is not found either.
    expect((await refusal(removeDraftFile(as('owner'), ref, theirs.files[0]?.id ?? ''))).code).toBe(
      'NOT_FOUND',
    );
    // Files of one post are listed by name.
    const [pdf, log] = mine.files;
    const left = await removeDraftFile(as('owner'), ref, log?.id ?? '');
    expect(left.removed).toBe('sync.log');
    expect(left.files.map((file) => file.fileName)).toEqual(['statement.pdf']);
    expect(pdf?.fileName).toBe('statement.pdf');
    expect(existsSync(join(stored, log?.id ?? ''))).toBe(false);
    const none = await removeDraftFile(as('owner'), ref, pdf?.id ?? '');
    expect(none).toEqual({ draftId: '', files: [], lapsed: false, removed: 'statement.pdf' });
    expect(await readdir(stored)).toEqual([theirs.files[0]?.id]);
    expect((await rows('support_case_draft')).map((row) => row.id)).toEqual([theirs.draftId]);
  });

  it('takes at most 10 files for one case across posts, storing none of a post that goes over', async () => {
    const nine = await Promise.all(
      Array.from({ length: 9 }, (_, index) => upload(`page-${index}.log`, LOG)),
    );
    const draft = await keepDraftFiles(as('owner'), CUSTOMER, nine);
    const ref = { ...CUSTOMER, draftId: draft.draftId };
    const refused = keepDraftFiles(as('owner'), ref, [
      await upload('a.pdf', PDF),
      await upload('b.pdf', PDF),
    ]);
    await expect(refused).rejects.toThrow(
      'Attach at most 10 files to one case: 9 are attached already, so add at most 1 more.',
    );
    expect(await rows('support_case_draft_file')).toHaveLength(9);
    expect(await readdir(stored)).toHaveLength(9);
    // A file of a type cases do not take refuses its post the same way, naming the file.
    await expect(
      keepDraftFiles(as('owner'), ref, [await upload('tool.exe', Buffer.from([0x4d, 0x5a, 0]))]),
    ).rejects.toThrow('tool.exe is not a file type cases take');
    expect(
      (await keepDraftFiles(as('owner'), ref, [await upload('a.pdf', PDF)])).files,
    ).toHaveLength(10);
  });

  it('makes one case with the files once of a submit sent twice, one after the other or at once', async () => {
    for (const [key, together] of [
      ['draft-submit-one-after', false],
      ['draft-submit-at-once', true],
    ] as const) {
      const draft = await keepDraftFiles(as('owner'), CUSTOMER, [
        await upload('sync.log', LOG),
        await upload('screenshot.png', PNG),
      ]);
      const input = { ...customerCase(world, { key }), draftId: draft.draftId };
      const [a, b] = together
        ? await Promise.all([raiseCase(as('owner'), input), raiseCase(as('owner'), input)])
        : [await raiseCase(as('owner'), input), await raiseCase(as('owner'), input)];
      expect(b?.id).toBe(a?.id);
      const files = await database()
        .db.selectFrom('support_case_attachment')
        .select('file_name')
        .where('case_id', '=', a?.id ?? '')
        .orderBy('file_name')
        .execute();
      expect(files.map((file) => file.file_name)).toEqual(['screenshot.png', 'sync.log']);
    }
    expect(await rows('support_case')).toHaveLength(2);
    expect(await rows('support_case_draft_file')).toEqual([]);
  });

  it('refuses a submit whose draft lapsed inside the case’s transaction: no case, no key used, the files untouched', async () => {
    const draft = await keepDraftFiles(as('owner'), CUSTOMER, [await upload('sync.log', LOG)]);
    const late = as('owner', hoursLater(24.5));
    const input = { ...customerCase(world, { key: 'draft-lapsed-key' }), draftId: draft.draftId };
    expect(await refusal(raiseCase(late, input))).toEqual({
      code: 'INVALID_INPUT',
      field: 'attachments',
    });
    expect(await rows('support_case')).toEqual([]);
    expect(await rows('support_case_draft_file')).toHaveLength(1);
    expect(await readdir(stored)).toHaveLength(1);
    // The listing says so, and the same form without the lapsed draft raises the case.
    expect(await getCaseDraft(late, { ...CUSTOMER, draftId: draft.draftId })).toEqual({
      draftId: '',
      files: [],
      lapsed: true,
    });
    const raised = await raiseCase(late, { ...input, draftId: '' });
    expect(raised.created).toBe(true);
    // Files chosen after the lapse go to a new draft, and the earlier ones are said to be gone.
    const fresh = await keepDraftFiles(late, { ...CUSTOMER, draftId: draft.draftId }, [
      await upload('again.log', LOG),
    ]);
    expect(fresh.draftId).not.toBe(draft.draftId);
    expect(fresh.lapsed).toBe(true);
    expect(fresh.files.map((file) => file.fileName)).toEqual(['again.log']);
  });

  it('sweeps the drafts nobody changed for 24 hours with their files on disk, and keeps the rest', async () => {
    const old = await keepDraftFiles(as('owner'), CUSTOMER, [
      await upload('sync.log', LOG),
      await upload('statement.pdf', PDF),
    ]);
    const newer = await keepDraftFiles(as('stranger', hoursLater(20)), CUSTOMER, [
      await upload('x.png', PNG),
    ]);
    // Removing a file counts as a change: a draft changed within the day is kept.
    const touched = await keepDraftFiles(as('colleague'), CUSTOMER, [
      await upload('a.log', LOG),
      await upload('b.log', LOG),
    ]);
    await removeDraftFile(
      as('colleague', hoursLater(3)),
      { ...CUSTOMER, draftId: touched.draftId },
      touched.files[0]?.id ?? '',
    );
    expect(await sweepLapsedDrafts(database().db, stored, hoursLater(24))).toBe(0);
    expect(await sweepLapsedDrafts(database().db, stored, hoursLater(24.1))).toBe(2);
    expect((await rows('support_case_draft')).map((row) => row.id).sort()).toEqual(
      [newer.draftId, touched.draftId].sort(),
    );
    expect((await readdir(stored)).sort()).toEqual(
      [newer.files[0]?.id, touched.files[1]?.id].sort(),
    );
    for (const file of old.files) expect(existsSync(join(stored, file.id))).toBe(false);
    expect(await sweepLapsedDrafts(database().db, stored, hoursLater(48))).toBe(2);
    expect(await readdir(stored)).toEqual([]);
    expect(await rows('support_case_draft')).toEqual([]);
  });
});
