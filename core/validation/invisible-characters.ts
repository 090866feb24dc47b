/*
 * Characters that show nothing but change what a reader sees: zero-width spaces and joiners,
 * the byte-order mark, and the bidirectional controls that can reverse a title's text
 * ("Trojan Source"). A single-line text that people read as a name or title loses them.
 */

/** Always invisible and never needed in a title: zero-width space, word joiner, BOM, Mongolian
 * vowel separator, and every bidirectional mark, embedding, override and isolate. */
const ALWAYS_STRIPPED = /[\u200B\u2060\uFEFF\u180E\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Zero-width joiner and non-joiner shape letters in Persian, Indic scripts and emoji sequences,
 * so they stay between two visible characters and go anywhere else (leading, trailing, runs,
 * beside a space).
 */
const STRAY_JOINERS =
  /(?<![^\s\u200C\u200D])[\u200C\u200D]+|[\u200C\u200D]+(?![^\s\u200C\u200D])/gu;

/** A title or name without invisible characters; the visible text is left as it is. */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(ALWAYS_STRIPPED, '').replace(STRAY_JOINERS, '');
}

/** True when the text holds a character that `withoutInvisibleCharacters` would take out. */
export function hasInvisibleCharacters(text: string): boolean {
  return withoutInvisibleCharacters(text) !== text;
}
