import { tokenize } from '../search/index.ts';

/*
 * The words of a question and of a passage, reduced to comparable terms: lower case without
 * accents (the search box's tokens), common function words left out, and endings stripped so
 * 'reconciling', 'reconciled' and 'reconciliation' meet at one term.
 */

/** Words that say nothing about what is asked: question words, pronouns, auxiliaries. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'a about after all also am an and any are as at be been before being but by can could',
    'did do does doing done for from get got had has have having he her here him his how i',
    'if in into is it its just me might more most much must my need no not now of on once',
    'one only or other our out own please same shall she should so some such than that the',
    'their them then there these they this those through to too up us use using very want',
    'was way we were what when where which while who whom why will with would you your yours',
  ]
    .join(' ')
    .split(' '),
);

const VOWEL = /[aeiouy]/;
const UNDOUBLED = new Set(['l', 's', 'z']);

/** Endings that turn one word into a related one; the longest matching one is stripped. */
const DERIVATIONAL_ENDINGS = ['ations', 'ation', 'ments', 'ment', 'ness', 'ities', 'ity', 'ally'];

function stripInflection(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}i`;
  if (word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function stripVerbEnding(word: string): string {
  for (const ending of ['ing', 'ed']) {
    const rest = word.slice(0, -ending.length);
    if (word.endsWith(ending) && rest.length >= 3 && VOWEL.test(rest)) return rest;
  }
  return word;
}

function stripDerivation(word: string): string {
  for (const ending of DERIVATIONAL_ENDINGS) {
    const rest = word.slice(0, -ending.length);
    if (word.endsWith(ending) && rest.length >= 4) return rest;
  }
  if (word.endsWith('ly') && word.length > 6) return word.slice(0, -2);
  return word;
}

/**
 * A light English stemmer: plural and verb endings, a few derivational endings, then a final
 * e or i, a y after a consonant, and a doubled last consonant. It need not give real words, only the same term for
 * the forms of one word; words of three letters or fewer are kept as they are.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let result = stripDerivation(stripVerbEnding(stripInflection(word)));
  if (result.length > 3 && (/[ei]$/.test(result) || /[^aeiou]y$/.test(result))) {
    result = result.slice(0, -1);
  }
  const last = result.at(-1) ?? '';
  if (result.length > 3 && last === result.at(-2) && !VOWEL.test(last) && !UNDOUBLED.has(last)) {
    result = result.slice(0, -1);
  }
  return result;
}

/**
 * Words the help content and its readers use for the same thing, by stem: each is counted as
 * the term it maps to. Only pairs that mean the same in every context are listed ('file' is
 * not 'submit': it is also a noun).
 */
export const EQUIVALENT_TERMS: ReadonlyMap<string, string> = new Map([
  ['lodg', 'submit'],
  ['log', 'sign'],
  ['login', 'sign'],
  ['logout', 'sign'],
  ['shop', 'stor'],
]);

/** Spellings of one word that tokenise differently, written the one way before tokenising. */
function unifySpellings(text: string): string {
  return text.replace(/\be-mail/gi, 'email');
}

/** Every term of a text, in order, repeats kept (term frequencies count them). */
export function textTerms(text: string): string[] {
  return tokenize(unifySpellings(text))
    .filter((word) => !STOP_WORDS.has(word))
    .map((word) => {
      const term = stem(word);
      return EQUIVALENT_TERMS.get(term) ?? term;
    });
}

/** The distinct terms of a question, in the order they first appear. */
export function questionTerms(question: string): string[] {
  return [...new Set(textTerms(question))];
}
