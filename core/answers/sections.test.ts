import { describe, expect, it } from 'vitest';
import { isReferenceSection, splitSections } from './sections.ts';

describe('splitSections', () => {
  it('splits at headings of level 2 to 4, keeping the text before the first', () => {
    const markdown = [
      'Intro text.',
      '',
      '## Create it',
      '1. Go to Sales.',
      '### Details',
      'Fill in.',
      '#### Finer',
      'More.',
      '##### Deep',
      'Still finer.',
    ].join('\n');
    expect(splitSections(markdown)).toEqual([
      { heading: null, body: 'Intro text.' },
      { heading: 'Create it', body: '1. Go to Sales.' },
      { heading: 'Details', body: 'Fill in.' },
      { heading: 'Finer', body: 'More.\n##### Deep\nStill finer.' },
    ]);
  });

  it('treats a heading inside fenced code as text', () => {
    const markdown = ['## Example', '```', '## not a heading', '```', 'After.'].join('\n');
    expect(splitSections(markdown)).toEqual([
      { heading: 'Example', body: '```\n## not a heading\n```\nAfter.' },
    ]);
  });

  it('leaves out reference sections and empty ones', () => {
    const markdown = ['## Steps', 'Do it.', '## Empty', '## Related', '- Other article'].join('\n');
    expect(splitSections(markdown)).toEqual([{ heading: 'Steps', body: 'Do it.' }]);
  });

  it('strips closing hashes from a heading', () => {
    expect(splitSections('## Title ##\nBody')).toEqual([{ heading: 'Title', body: 'Body' }]);
  });
});

describe('isReferenceSection', () => {
  it('knows the headings that only point elsewhere', () => {
    expect(isReferenceSection('Related')).toBe(true);
    expect(isReferenceSection(' Learn more ')).toBe(true);
    expect(isReferenceSection('See also')).toBe(true);
    expect(isReferenceSection('Related accounts')).toBe(false);
    expect(isReferenceSection(null)).toBe(false);
  });
});
