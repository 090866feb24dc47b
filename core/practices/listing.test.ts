import { describe, expect, it } from 'vitest';
import {
  checkDayHours,
  checkLead,
  checkReview,
  cleanChoices,
  directoryQueryFrom,
  directorySearchParams,
  EMPTY_LISTING,
  directoryFilters,
  listingSlug,
  listingFilterColumns,
  publishDecision,
  publishProblem,
  type ListingContent,
} from './index.ts';

const READY: ListingContent = {
  ...EMPTY_LISTING,
  description: 'We keep the books of cafés.',
  services: ['bookkeeping'],
  offices: [
    { label: 'Main', address: '1 George St', place: 'Sydney', lat: -33.8, lon: 151.2, hours: {} },
  ],
};

describe('listing rules', () => {
  it('moderates a first publication and a new description, and lets other changes go live', () => {
    expect(publishDecision(null, READY)).toBe('moderate');
    expect(publishDecision(READY, { ...READY, services: ['tax'] })).toBe('publish-now');
    expect(publishDecision(READY, { ...READY, description: `${READY.description} ` })).toBe(
      'publish-now',
    );
    expect(publishDecision(READY, { ...READY, description: 'Something else.' })).toBe('moderate');
  });

  it('says what a listing still needs before it is published', () => {
    expect(publishProblem(READY)).toBeUndefined();
    expect(publishProblem({ ...READY, description: ' ' })).toContain('description');
    expect(publishProblem({ ...READY, services: [] })).toContain('service');
    expect(publishProblem({ ...READY, offices: [] })).toContain('office');
  });

  it('checks opening hours by the spec’s time rule', () => {
    expect(checkDayHours('Monday', { opens: '', closes: '' })).toEqual({ ok: true });
    expect(checkDayHours('Monday', { opens: '09:00', closes: '17:30' })).toEqual({ ok: true });
    expect(checkDayHours('Monday', { opens: '09:00', closes: '24:00' })).toMatchObject({
      ok: false,
      message: 'Monday: 24:00 is not a time between 00:00 and 23:59.',
    });
    expect(checkDayHours('Monday', { opens: '9am', closes: '17:00' })).toMatchObject({ ok: false });
    expect(checkDayHours('Monday', { opens: '17:00', closes: '09:00' })).toMatchObject({
      message: 'Monday: the closing time must come after the opening time.',
    });
    expect(checkDayHours('Monday', { opens: '09:00', closes: '' })).toMatchObject({ ok: false });
  });

  it('keeps only known choices, in the vocabulary’s order', () => {
    const cleaned = cleanChoices({ ...READY, services: ['tax', 'nonsense', 'bookkeeping', 'tax'] });
    expect(cleaned.services).toEqual(['bookkeeping', 'tax']);
  });

  it('makes slugs of the name, the market and a suffix', () => {
    expect(listingSlug('Ōtautahi Books & Tax', 'NZ', 'Ab12')).toBe('otautahi-books-tax-nz-ab12');
    expect(listingSlug('!!!', 'AU', 'x')).toBe('practice-au-x');
    // A long name is cut at 60 characters without leaving a hyphen before the market.
    const long = `${'a'.repeat(59)} Accounting`;
    expect(listingSlug(long, 'AU', 'x')).toBe(`${'a'.repeat(59)}-au-x`);
  });
});

describe('directory query', () => {
  it('reads a search from its address and drops what it does not know', () => {
    const query = directoryQueryFrom(
      new URLSearchParams(
        'place=2000&radius=25&service=payroll&service=bogus&language=zh&tier=gold&page=3',
      ),
    );
    expect(query).toEqual({
      place: '2000',
      radiusKm: 25,
      services: ['payroll'],
      industries: [],
      languages: ['zh'],
      tiers: ['gold'],
      certifications: [],
      page: 3,
    });
    expect(directorySearchParams(query, 4).toString()).toBe(
      'place=2000&radius=25&service=payroll&language=zh&tier=gold&page=4',
    );
    expect(directoryFilters(query)).toEqual({
      masks: { services: 0b100, languages: 0b10 },
      tiers: ['gold'],
    });
  });

  it('falls back to the default radius and the first page, and caps the page', () => {
    expect(directoryQueryFrom(new URLSearchParams('radius=7&page=-1'))).toMatchObject({
      radiusKm: 50,
      page: 1,
    });
    expect(directoryQueryFrom(new URLSearchParams('page=9999')).page).toBe(50);
    expect(directoryQueryFrom(new URLSearchParams('page=1.5')).page).toBe(1);
  });

  it('stores a listing’s choices as bits, in the vocabularies’ order', () => {
    expect(
      listingFilterColumns({
        services: ['bookkeeping', 'tax'],
        industries: ['technology'],
        languages: [],
        certifications: ['nonsense'],
        tier: 'starter',
      }),
    ).toEqual({
      services: 0b11,
      industries: 0b10000000,
      languages: 0,
      certifications: 0,
      tier: 'starter',
    });
  });
});

describe('leads and reviews', () => {
  const lead = {
    name: 'Mia Chen',
    email: 'mia@example.com',
    phone: '',
    message: 'I need a bookkeeper.',
  };

  it('takes a complete lead and refuses each bad field at that field', () => {
    expect(checkLead(lead)).toEqual({ ok: true });
    expect(checkLead({ ...lead, name: ' ' })).toMatchObject({ field: 'name' });
    expect(checkLead({ ...lead, email: 'mia@example' })).toMatchObject({ field: 'email' });
    expect(checkLead({ ...lead, phone: '1'.repeat(41) })).toMatchObject({ field: 'phone' });
    expect(checkLead({ ...lead, message: 'Hi' })).toMatchObject({ field: 'message' });
    expect(checkLead({ ...lead, message: 'x'.repeat(2001) })).toMatchObject({ field: 'message' });
  });

  it('takes a review with a rating of 1 to 5 stars', () => {
    const review = { name: 'Tom', rating: '5', body: 'Sorted our GST in a week.' };
    expect(checkReview(review)).toEqual({ ok: true });
    expect(checkReview({ ...review, rating: '6' })).toMatchObject({ field: 'rating' });
    expect(checkReview({ ...review, rating: '' })).toMatchObject({ field: 'rating' });
    expect(checkReview({ ...review, body: 'ok' })).toMatchObject({ field: 'body' });
    expect(checkReview({ ...review, name: '' })).toMatchObject({ field: 'name' });
  });
});
