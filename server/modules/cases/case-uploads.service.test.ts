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
  keepDraftFiles,
  openCaseAttachment,
  raiseCase,
  replyToCase,
  type AttachmentUpload,
  type CaseContext,
} from './index.ts';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');

describeEachDialect('case files from page forms', (database) => {
  let world: CaseWorld;
  const root = join(tmpdir(), `case-uploads-${process.pid}-${Math.random().toString(36).slice(2)}`);
  const stored = join(root, 'stored');
  const incoming = join(root, 'incoming');
  let count = 0;

  /** A file as the page mount leaves it for the action: in a temporary file, measured. */
  async function upload(fileName: string, bytes: Buffer, tooLarge = false) {
    const path = join(incoming, `incoming-${(count += 1)}`);
    await writeFile(path, bytes);
    return {
      fileName,
      path,
      size: bytes.length,
      head: bytes.subarray(0, 4096),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      ...(tooLarge ? { tooLarge: true } : {}),
    } satisfies AttachmentUpload;
  }

  const as = (who: Person): CaseContext => ({ ...world.as(who), attachmentsDir: stored });
  const admin = (): CaseContext => {
    const context = as('stranger');
    if (context.viewer.isGuest) throw new Error('signed in');
    return {
      ...context,
      viewer: { ...context.viewer, user: { ...context.viewer.user, canViewSetup: true } },
    };
  };

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

  it('keeps the files sent with a new case, lists them with the description, and lets only those who see the case download them', async () => {
    const draft = await keepDraftFiles(as('owner'), { queue: 'customer', draftId: '' }, [
      await upload('screenshot.png', PNG),
      await upload('statement.pdf', PDF),
    ]);
    const raised = await raiseCase(as('owner'), {
      ...customerCase(world),
      draftId: draft.draftId,
    });
    const view = await getCase(as('owner'), raised.id);
    expect(view.attachments.map((file) => [file.fileName, file.contentType, file.size])).toEqual([
      ['screenshot.png', 'image/png', '14 bytes'],
      ['statement.pdf', 'application/pdf', `${PDF.length} bytes`],
    ]);
    const [png] = view.attachments;
    expect(png?.url).toBe(`/s/case-attachments/${png?.id}`);
    // Moved into place under the row's id: nothing is left waiting.
    expect(await readdir(incoming)).toEqual([]);
    for (const who of ['owner', 'contact', 'principal', 'agent'] as const) {
      const file = await openCaseAttachment(as(who), png?.id ?? '');
      expect(file).toMatchObject({
        fileName: 'screenshot.png',
        contentType: 'image/png',
        size: 14,
      });
      expect(await readFile(file.path)).toEqual(PNG);
    }
    expect((await openCaseAttachment(admin(), png?.id ?? '')).fileName).toBe('screenshot.png');
    for (const who of ['stranger', 'otherContact'] as const) {
      expect(await refusal(openCaseAttachment(as(who), png?.id ?? ''))).toEqual({
        code: 'NOT_FOUND',
        field: undefined,
      });
    }
    // An unknown id and a path are the same 404.
    expect((await refusal(openCaseAttachment(as('owner'), '00P000000000000000'))).code).toBe(
      'NOT_FOUND',
    );
    expect((await refusal(openCaseAttachment(as('owner'), '../portal.db'))).code).toBe('NOT_FOUND');
  });

  it('refuses a file that lies about its type before anything is stored: no draft, no file', async () => {
    const lying = await upload('invoice.pdf', PNG);
    expect(
      await refusal(keepDraftFiles(as('owner'), { queue: 'customer', draftId: '' }, [lying])),
    ).toEqual({ code: 'INVALID_INPUT', field: 'attachments' });
    expect(await database().db.selectFrom('support_case_draft').select('id').execute()).toEqual([]);
    expect(existsSync(stored)).toBe(false);
  });

  it('an agent replies with a file: it is listed under the reply; a file too large refuses the reply and keeps nothing', async () => {
    const raised = await raiseCase(as('owner'), customerCase(world));
    const { messageId } = await replyToCase(as('agent'), raised.id, {
      body: 'Here is the corrected statement.',
      attachments: [await upload('corrected.pdf', PDF)],
    });
    const view = await getCase(as('owner'), raised.id);
    const reply = view.messages.find((message) => message.id === messageId);
    expect(reply?.attachments.map((file) => file.fileName)).toEqual(['corrected.pdf']);
    expect(view.attachments).toEqual([]);

    const tooLarge = await upload('huge.pdf', PDF, true);
    expect(
      await refusal(
        replyToCase(as('owner'), raised.id, { body: 'And this one.', attachments: [tooLarge] }),
      ),
    ).toEqual({ code: 'INVALID_INPUT', field: 'attachments' });
    expect((await getCase(as('owner'), raised.id)).messages).toHaveLength(1);
    expect(await readdir(stored)).toHaveLength(1);
  });

  it('a reply sent twice with its files is one message with one set of files', async () => {
    const raised = await raiseCase(as('owner'), customerCase(world));
    const send = async () =>
      replyToCase(as('owner'), raised.id, {
        body: 'The log is attached.',
        idempotencyKey: 'reply-with-log-0001',
        attachments: [await upload('sync.log', Buffer.from('12:00 sync failed\n'))],
      });
    const first = await send();
    const second = await send();
    expect(second.messageId).toBe(first.messageId);
    const rows = await database()
      .db.selectFrom('support_case_attachment')
      .select(['file_name', 'content_type'])
      .execute();
    expect(rows).toEqual([{ file_name: 'sync.log', content_type: 'text/plain; charset=utf-8' }]);
  });
});
