/*
 * Spec 5 'Banned words (profanity) in user-entered text', shared by the forms (checked before
 * submit) and the server (checked on every write).
 */

/** Where the list is served from, as a static text resource (one entry per line). */
export const BANNED_WORDS_RESOURCE_PATH = '/resource/banned-words.txt';

/** The three common profanities refused anywhere in a text, even inside a longer word. */
export const HARD_CODED_PROFANITIES = ['fuck', 'shit', 'cunt'] as const;

/** What the form and server show when a text is refused. */
export const BANNED_WORDS_MESSAGE =
  'Please remove offensive language before posting. Your text has been kept so you can edit it.';

export interface BannedWordsList {
  /** Single-word entries, matched against whole tokens. */
  words: ReadonlySet<string>;
  /** Multi-word entries, matched as whole phrases. */
  phrases: readonly RegExp[];
  /** Spec 8: 'HTTP {status}' (or the failure's message) when the list could not be loaded. */
  error: string | null;
}

/** What a fetch of the resource answers; `fetch`'s Response fits. */
export interface TextResponse {
  ok: boolean;
  status: number;
  text(): Promise<string>;
}

export const FAILED_LIST = (error: string): BannedWordsList => ({
  words: new Set(),
  phrases: [],
  error,
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The list from the resource's text: one entry per line, trimmed and lower-cased. */
export function parseBannedWords(text: string): BannedWordsList {
  const words = new Set<string>();
  const phrases: RegExp[] = [];
  for (const line of text.split(/\r?\n/)) {
    const entry = line.trim().toLowerCase();
    if (entry === '') continue;
    if (/\s/.test(entry)) {
      const pattern = entry.split(/\s+/).map(escapeRegExp).join('\\s+');
      phrases.push(new RegExp(`(?<![a-z0-9_])${pattern}(?![a-z0-9_])`, 'i'));
    } else {
      words.add(entry);
    }
  }
  return { words, phrases, error: null };
}

/** Loads the list through `fetchText` (a GET of the resource); never throws. */
export async function loadBannedWords(
  fetchText: () => Promise<TextResponse>,
): Promise<BannedWordsList> {
  try {
    const response = await fetchText();
    if (!response.ok) return FAILED_LIST(`HTTP ${response.status}`);
    return parseBannedWords(await response.text());
  } catch (error) {
    return FAILED_LIST(error instanceof Error ? error.message : String(error));
  }
}

/**
 * One load per loader, however often and however concurrently it is asked: every caller shares
 * the first load's result, failed or not.
 */
export function bannedWordsLoader(
  fetchText: () => Promise<TextResponse>,
): () => Promise<BannedWordsList> {
  let loading: Promise<BannedWordsList> | undefined;
  return () => {
    loading ??= loadBannedWords(fetchText);
    return loading;
  };
}

/** Whether the text contains banned words; false whenever the spec says the check passes. */
export function containsBannedWords(list: BannedWordsList, text: string): boolean {
  const checked = text.trim().toLowerCase();
  if (list.error !== null || checked === '') return false;
  if (list.words.size === 0 && list.phrases.length === 0) return false;
  if (HARD_CODED_PROFANITIES.some((word) => checked.includes(word))) return true;
  if (checked.split(/[^a-z0-9_]+/).some((token) => token !== '' && list.words.has(token))) {
    return true;
  }
  return list.phrases.some((phrase) => phrase.test(checked));
}
