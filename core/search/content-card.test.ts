import { describe, expect, it } from 'vitest';
import {
  NEXT_CLASS_FIELDS,
  REGISTER_NOW,
  contentCardModel,
  learningFormat,
  nextClassDate,
} from './content-card.ts';
import { REGIONS, type Region } from '../regions/index.ts';
import type { SearchResult, SearchResultRaw } from './result.ts';

const settings = { brand: 'Ledgerleaf', learningBaseUrl: 'https://learn.example.com' };

function course(raw: SearchResultRaw): SearchResult {
  return {
    title: 'Payroll basics',
    excerpt: 'Run your first pay run',
    excerptHighlights: [],
    titleHighlights: [],
    uniqueId: 'l-1',
    clickUri: 'https://index.example.com/l-1',
    raw,
  };
}

describe('next class fields (spec 3)', () => {
  it.each([
    ['AU', 'sfnext_class_australia__c'],
    ['CA', 'sfnext_class_canada__c'],
    ['HK', 'sfnext_class_hong_kong__c'],
    ['MY', 'sfnext_class_malaysia__c'],
    ['NZ', 'sfnext_class_new_zealand__c'],
    ['SG', 'sfnext_class_singapore__c'],
    ['SA', 'sfnext_class_south_africa__c'],
    ['UK', 'sfnext_class_united_kingdom__c'],
    ['US', 'sfnext_class_united_states__c'],
    ['ROW', 'sfnext_class_rest_of_world__c'],
  ] as const)('%s reads %s', (region, field) => {
    expect(NEXT_CLASS_FIELDS[region]).toBe(field);
  });

  it('covers every region', () => {
    expect(Object.keys(NEXT_CLASS_FIELDS).sort()).toEqual([...REGIONS].sort());
  });

  it("shows the visitor's region's date and no other region's", () => {
    const raw: SearchResultRaw = {
      sfnext_class_new_zealand__c: '2026-03-05',
      sfnext_class_rest_of_world__c: '2026-04-01T09:30:00Z',
    };
    expect(nextClassDate(raw, 'NZ')).toBe('Mar 05, 2026');
    expect(nextClassDate(raw, 'ROW')).toBe('Apr 01, 2026');
    expect(nextClassDate(raw, 'AU')).toBeUndefined();
    expect(nextClassDate({ sfnext_class_canada__c: 'soon' }, 'CA')).toBeUndefined();
  });

  it('reads each region from its own field', () => {
    for (const region of REGIONS) {
      const raw = { [NEXT_CLASS_FIELDS[region as Region]]: '2026-12-24' };
      expect(nextClassDate(raw, region)).toBe('Dec 24, 2026');
    }
  });
});

describe('content cards (spec 2.6)', () => {
  it("links learning content to its activity with 'Register now'", () => {
    const card = contentCardModel(
      course({ sfintellumapp__id__c: 'act-9', sflearning_format__c: 'Online course' }),
      { ...settings, region: 'AU' },
    );
    expect(card).toEqual({
      title: 'Payroll basics',
      description: 'Run your first pay run',
      formatLabel: 'Course',
      link: 'https://learn.example.com/student/activity/act-9',
      linkText: 'Register now',
      nextClass: undefined,
    });
    expect(REGISTER_NOW).toBe('Register now');
  });

  it("shows an in-person classroom's next class in the visitor's region", () => {
    const raw: SearchResultRaw = {
      sfintellumapp__id__c: 'act-1',
      sflearning_format__c: 'Live classroom',
      sfnext_class_united_kingdom__c: '2026-06-10',
      sfnext_class_united_states__c: '2026-07-01',
    };
    expect(contentCardModel(course(raw), { ...settings, region: 'UK' })).toMatchObject({
      formatLabel: 'In-person classroom',
      nextClass: 'Jun 10, 2026',
    });
    expect(contentCardModel(course(raw), { ...settings, region: 'US' }).nextClass).toBe(
      'Jul 01, 2026',
    );
    expect(contentCardModel(course(raw), { ...settings, region: 'SG' }).nextClass).toBeUndefined();
  });

  it('shows no next class for other formats, even when a date is indexed', () => {
    const raw = {
      sfintellumapp__id__c: 'a',
      sflearning_format__c: 'Live webinar',
      sfnext_class_australia__c: '2026-06-10',
    };
    const card = contentCardModel(course(raw), { ...settings, region: 'AU' });
    expect(card.formatLabel).toBe('Webinar');
    expect(card.nextClass).toBeUndefined();
  });

  it('takes the format from the content type when the format field is missing', () => {
    expect(learningFormat({ common_contenttype: 'Live classroom' })).toBe('Live classroom');
    expect(learningFormat({ sflearning_format__c: 'Online course', common_contenttype: 'X' })).toBe(
      'Online course',
    );
    expect(learningFormat(undefined)).toBeUndefined();
  });

  it('prefers the description field and keeps the clickUri without an activity id', () => {
    const card = contentCardModel(course({ sfdescription: 'Hands-on' }), {
      ...settings,
      region: 'AU',
    });
    expect(card.description).toBe('Hands-on');
    expect(card.link).toBe('https://index.example.com/l-1');
    expect(card.formatLabel).toBeUndefined();
  });
});
