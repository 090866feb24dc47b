import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { containsBannedWords, loadBannedWords, parseBannedWords } from '~core/community';
import { bannedWords, checkBannedWords, readListFile } from './banned-words.ts';

describe('banned words on the server', () => {
  it('loads the served list once', async () => {
    const [first, second] = await Promise.all([bannedWords(), bannedWords()]);
    expect(first).toBe(second);
    expect(first.error).toBeNull();
    expect(first.words.has('bastard')).toBe(true);
  });

  it('serves a list with entries and no blank or padded lines', async () => {
    const text = await readFile(resolve('public/resource/banned-words.txt'), 'utf8');
    const lines = text.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(line).toBe(line.trim().toLowerCase());
    expect(containsBannedWords(parseBannedWords(text), 'Thanks, this fixed my bank feed')).toBe(
      false,
    );
  });

  it("treats a missing list file as the resource's 404, so the check passes", async () => {
    const list = await loadBannedWords(() => readListFile('/nonexistent/banned-words.txt'));
    expect(list.error).toBe('HTTP 404');
  });

  it('refuses a banned word naming the field, and passes clean text', async () => {
    await expect(checkBannedWords({ title: 'Fine', body: 'You bastard' })).rejects.toMatchObject({
      errorCode: 'BANNED_WORDS',
      status: 400,
      field: 'body',
    });
    await expect(checkBannedWords({ title: 'Bank feed help' })).resolves.toBeUndefined();
  });
});
