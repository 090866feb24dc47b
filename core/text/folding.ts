/*
 * How the portal compares and slugs people's words: lower case, with the accents that Unicode's
 * compatibility decomposition takes off a letter removed, so 'Réconcile' and 'reconcile', or
 * 'ﬁle' and 'file', are the same word.
 */

/** Lower case without accents: 'Résumé' becomes 'resume'. */
export function foldAccents(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The words of a text as a slug of ASCII letters and digits joined by hyphens, at most
 * `maxLength` characters and never ending in a hyphen: 'Café & Co.' becomes 'cafe-co'. A text
 * without such a letter or digit gives ''.
 */
export function slugOf(text: string, maxLength: number): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
