import { describe, expect, it } from 'vitest';
import { splitSentences, wordCount } from './sentences.ts';

describe('splitSentences', () => {
  it('splits at full stops, question and exclamation marks before a capital', () => {
    expect(splitSentences('Select Send. Check the address! Done? Yes.')).toEqual([
      'Select Send.',
      'Check the address!',
      'Done?',
      'Yes.',
    ]);
  });

  it('ends a sentence at every line break', () => {
    expect(splitSentences('Go to Settings\nSelect Tax rates')).toEqual([
      'Go to Settings',
      'Select Tax rates',
    ]);
  });

  it('does not split after abbreviations, decimals or before lower case', () => {
    expect(splitSentences('Use a rate, e.g. Standard rate. It is 1.5 times the pay.')).toEqual([
      'Use a rate, e.g. Standard rate.',
      'It is 1.5 times the pay.',
    ]);
    expect(splitSentences('Select Save. then close.')).toEqual(['Select Save. then close.']);
  });

  it('splits before a digit and keeps a closing quote with its sentence', () => {
    expect(splitSentences('It says "Done." 2 more steps follow.')).toEqual([
      'It says "Done."',
      '2 more steps follow.',
    ]);
  });

  it('keeps citation markers with their sentence', () => {
    expect(splitSentences('Select Send [1]. Check it [2].')).toEqual([
      'Select Send [1].',
      'Check it [2].',
    ]);
  });

  it('gives nothing for blank text', () => {
    expect(splitSentences(' \n \n')).toEqual([]);
  });
});

describe('wordCount', () => {
  it('counts words of letters and digits', () => {
    expect(wordCount('Go to **Settings** > Tax rates, 2024.')).toBe(6);
  });
});
