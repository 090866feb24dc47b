import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  BANNED_WORDS_MESSAGE,
  BANNED_WORDS_RESOURCE_PATH,
  bannedWordsLoader,
  containsBannedWords,
  type BannedWordsList,
  type TextResponse,
} from '~core/community';
import { CommunityError } from '../shared/community-error.ts';

/**
 * The server reads the same file the site serves at BANNED_WORDS_RESOURCE_PATH (public/ is
 * copied into the client build), from the working directory like the rest of the portal's
 * files. A missing file counts as the resource's 404: the check then passes (spec 8).
 */
const BANNED_WORDS_FILE = resolve('public', BANNED_WORDS_RESOURCE_PATH.replace(/^\//, ''));

/** The file as the resource's GET would answer it: a missing file is a 404. */
export async function readListFile(path: string): Promise<TextResponse> {
  try {
    const text = await readFile(path, 'utf8');
    return { ok: true, status: 200, text: async () => text };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return { ok: false, status: 404, text: async () => '' };
  }
}

const loadBannedWords = bannedWordsLoader(() => readListFile(BANNED_WORDS_FILE));

let loadError: string | null = null;

/** The list as loaded once by this process, for logging its state. */
export async function bannedWords(): Promise<BannedWordsList> {
  const list = await loadBannedWords();
  if (list.error !== null && loadError === null) {
    loadError = list.error;
    console.error(
      `The banned-words list could not be loaded (${list.error}); texts are not checked.`,
    );
  }
  return list;
}

/** Refuses (400) the first of the named texts that holds a banned word. */
export async function checkBannedWords(texts: Readonly<Record<string, string>>): Promise<void> {
  const list = await bannedWords();
  for (const [field, text] of Object.entries(texts)) {
    if (containsBannedWords(list, text)) {
      throw new CommunityError('BANNED_WORDS', BANNED_WORDS_MESSAGE, field);
    }
  }
}
