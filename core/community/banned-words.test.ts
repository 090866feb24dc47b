import { describe, expect, it } from 'vitest';
import {
  bannedWordsLoader,
  containsBannedWords,
  HARD_CODED_PROFANITIES,
  loadBannedWords,
  parseBannedWords,
  type TextResponse,
} from './banned-words.ts';

const list = parseBannedWords('  Bastard \n\nwanker\r\nSon Of A   Bitch\n  \nbloody idiot\n');

const ok = (text: string): TextResponse => ({ ok: true, status: 200, text: async () => text });

describe('parseBannedWords', () => {
  it('keeps one entry per line, trimmed and lower-cased, skipping blank lines', () => {
    expect([...list.words]).toEqual(['bastard', 'wanker']);
    expect(list.phrases).toHaveLength(2);
    expect(list.error).toBeNull();
  });
});

describe('containsBannedWords', () => {
  it.each(HARD_CODED_PROFANITIES)(
    'refuses the hard-coded profanity %s even inside a word',
    (word) => {
      expect(containsBannedWords(list, `What a ${word}ty day`)).toBe(true);
      expect(containsBannedWords(list, `${word.toUpperCase()}`)).toBe(true);
    },
  );

  it('refuses a token equal to a single-word entry, after trimming and lower-casing', () => {
    expect(containsBannedWords(list, '  You BASTARD  ')).toBe(true);
    expect(containsBannedWords(list, 'wanker!')).toBe(true);
  });

  it('splits tokens on characters other than a-z, 0-9 and _', () => {
    expect(containsBannedWords(list, 'x-bastard.y')).toBe(true);
    expect(containsBannedWords(list, 'é-bastard')).toBe(true);
    // Underscores and digits belong to the token, so these are other words.
    expect(containsBannedWords(list, 'my_bastard_file')).toBe(false);
    expect(containsBannedWords(list, 'bastard2')).toBe(false);
  });

  it('does not refuse a single-word entry inside a longer word', () => {
    expect(containsBannedWords(list, 'bastardised recipe')).toBe(false);
  });

  it('refuses a multi-word entry as a whole phrase on word boundaries', () => {
    expect(containsBannedWords(list, 'That son of a bitch.')).toBe(true);
    expect(containsBannedWords(list, 'SON OF A\nBITCH')).toBe(true);
    expect(containsBannedWords(list, 'a bloody idiot')).toBe(true);
  });

  it('does not refuse a multi-word entry inside longer words or in part', () => {
    expect(containsBannedWords(list, 'bloody idiots')).toBe(false);
    expect(containsBannedWords(list, 'unbloody idiot')).toBe(false);
    expect(containsBannedWords(list, 'son of a')).toBe(false);
    expect(containsBannedWords(list, 'bloody')).toBe(false);
  });

  it('passes clean text', () => {
    expect(containsBannedWords(list, 'How do I reconcile a bank feed?')).toBe(false);
  });

  it('passes when the text is empty or blank', () => {
    expect(containsBannedWords(list, '')).toBe(false);
    expect(containsBannedWords(list, '   \n')).toBe(false);
  });

  it('passes when the list is empty, even a hard-coded profanity', () => {
    expect(containsBannedWords(parseBannedWords('\n \n'), 'shit')).toBe(false);
  });

  it('passes when the list failed to load, even a hard-coded profanity', async () => {
    const failed = await loadBannedWords(async () => ({
      ok: false,
      status: 503,
      text: async () => 'bastard',
    }));
    expect(failed.error).toBe('HTTP 503');
    expect(containsBannedWords(failed, 'shit bastard')).toBe(false);
  });
});

describe('loadBannedWords', () => {
  it('stores the failure message when the request itself fails', async () => {
    const failed = await loadBannedWords(async () => {
      throw new Error('network down');
    });
    expect(failed.error).toBe('network down');
    expect(containsBannedWords(failed, 'bastard')).toBe(false);
  });

  it('parses a good response', async () => {
    const loaded = await loadBannedWords(async () => ok('bastard'));
    expect(containsBannedWords(loaded, 'bastard')).toBe(true);
  });
});

describe('bannedWordsLoader', () => {
  it('loads the list once however often it is asked', async () => {
    let requests = 0;
    const load = bannedWordsLoader(async () => {
      requests += 1;
      return ok('bastard');
    });
    const [first, second] = await Promise.all([load(), load()]);
    await load();
    expect(requests).toBe(1);
    expect(first).toBe(second);
  });
});
