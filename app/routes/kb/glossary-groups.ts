/** The glossary's heading, on its index and in every entry's breadcrumbs. */
export const GLOSSARY_HEADING = 'Glossary';

export interface LetterGroup<T> {
  letter: string;
  entries: T[];
}

/** The letters of the A–Z index; terms starting with anything else are filed under '#'. */
export const GLOSSARY_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '#'];

/** Entries grouped by the first letter of their term, A to Z then '#', each group by term. */
export function groupByLetter<T extends { term: string }>(entries: readonly T[]): LetterGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const first = entry.term.trim().normalize('NFD').charAt(0).toUpperCase();
    const letter = /^[A-Z]$/.test(first) ? first : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), entry]);
  }
  return GLOSSARY_LETTERS.filter((letter) => groups.has(letter)).map((letter) => ({
    letter,
    entries: (groups.get(letter) ?? []).sort((a, b) =>
      a.term.localeCompare(b.term, 'en-US', { sensitivity: 'base' }),
    ),
  }));
}
