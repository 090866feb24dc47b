import { describe, expect, it } from 'vitest';
import {
  allSlots,
  buildDocumentStore,
  conditionsOf,
  factorPage,
  filterAndCount,
  firstInOrder,
  newestPage,
  rankingCandidates,
  rankingFactor,
  slotsOf,
  type DocumentStore,
  type Slots,
  type StoredFieldsRow,
} from './document-store.ts';

function row(key: number, fields: Partial<StoredFieldsRow> = {}): StoredFieldsRow {
  return {
    key,
    unique_id: `doc-${String(key).padStart(3, '0')}`,
    objecttype: 'Knowledge__kav',
    common_contenttype: 'Article',
    syssource: 'Portal',
    region: null,
    sfkbid: null,
    sfurlname: `doc-${key}`,
    sftopicfirstlevelc: 'Banking',
    sfcoreproductc: '["Accounting"]',
    sfaudiencec: '["Accountant"]',
    sfcreateddate: `2026-01-${String(key).padStart(2, '0')}`,
    updated_at: '2026-02-01T00:00:00.000Z',
    title_length: 20,
    ...fields,
  };
}

const NOW = Date.parse('2026-03-01T00:00:00.000Z');
const keysAt = (store: DocumentStore, slots: Slots) =>
  Array.from(slots, (slot) => store.newestFirst[slot]!.key);
const FACETS = ['common_contenttype', 'sfcoreproductc'] as const;

describe('buildDocumentStore', () => {
  it('finds documents by key, orders them newest first and shares facet groups', () => {
    const store = buildDocumentStore(
      [row(1), row(3, { sfcreateddate: null }), row(2, { sfcoreproductc: '["Payroll"]' })],
      7,
    );
    expect(store.version).toBe(7);
    expect(store.find(2)?.uniqueId).toBe('doc-002');
    expect(store.find(99)).toBeUndefined();
    // Without a created date a document dates from its last update.
    expect(store.newestFirst.map((document) => document.uniqueId)).toEqual([
      'doc-003',
      'doc-002',
      'doc-001',
    ]);
    expect(store.groups).toHaveLength(2);
    expect(store.find(1)?.group).toBe(store.find(3)?.group);
    expect(store.slotOf(1)).toBe(2);
    expect(store.slotOf(99)).toBe(-1);
    expect(Array.from(store.groupOfSlot)).toEqual(
      store.newestFirst.map((document) => document.group.id),
    );
  });

  it('groups documents by facet values and by the scope fields they share', () => {
    const store = buildDocumentStore(
      [row(1), row(2, { region: 'UK' }), row(3, { objecttype: 'FeedItem' }), row(4)],
      1,
    );
    expect(store.groups).toHaveLength(3);
    expect(store.find(4)?.group).toBe(store.find(1)?.group);
    expect(store.find(2)?.group.representative.fields.region).toBe('UK');
  });

  it('lists the slots of keys newest first, leaving out unknown keys', () => {
    const store = buildDocumentStore([row(1), row(2), row(3), row(4)], 1);
    expect(keysAt(store, slotsOf(store, [1, 99, 4, 2]))).toEqual([4, 2, 1]);
    // Many keys are ordered by marking them over the store rather than by sorting.
    const many = Array.from({ length: 40 }, (_, index) => row(index + 1));
    const large = buildDocumentStore(many, 1);
    const keys = [7, 3, 30, 12, 1];
    expect(keysAt(large, slotsOf(large, keys))).toEqual(
      [...keys].sort((a, b) => large.slotOf(a) - large.slotOf(b)),
    );
    expect(keysAt(store, allSlots(store))).toEqual([4, 3, 2, 1]);
  });

  it('breaks date ties by unique id and finds text keys too', () => {
    const store = buildDocumentStore(
      [row(1, { key: 'b', unique_id: 'b' }), row(1, { key: 'a', unique_id: 'a' })],
      1,
    );
    expect(store.newestFirst.map((document) => document.uniqueId)).toEqual(['a', 'b']);
    expect(store.find('b')?.uniqueId).toBe('b');
  });
});

describe('conditionsOf', () => {
  const store = buildDocumentStore(
    [
      row(1),
      row(2, { common_contenttype: 'Discussion', objecttype: 'FeedItem', region: 'UK' }),
      row(3, { objecttype: 'LearningItem', common_contenttype: 'Online course' }),
      row(4, { sfcoreproductc: '["Payroll","Accounting"]', sfcreateddate: null }),
    ],
    1,
  );
  const kept = (request: Parameters<typeof conditionsOf>[0]) => {
    const conditions = conditionsOf(request);
    return store.newestFirst
      .filter((document) => conditions?.(document) ?? true)
      .map((document) => document.key)
      .sort();
  };

  it('is undefined when the request has no scope, NOT clause or date range', () => {
    expect(conditionsOf({ scope: {}, notFilters: [] })).toBeUndefined();
  });

  it('keeps the scope: either an object type or a common content type of it', () => {
    expect(kept({ scope: { objecttypes: ['FeedItem'] }, notFilters: [] })).toEqual([2]);
    expect(
      kept({
        scope: { objecttypes: ['FeedItem'], commonContentTypes: ['Online course'] },
        notFilters: [],
      }),
    ).toEqual([2, 3]);
  });

  it('drops documents having a NOT value, in plain and list fields', () => {
    expect(kept({ scope: {}, notFilters: [{ field: 'region', value: 'UK' }] })).toEqual([1, 3, 4]);
    expect(
      kept({ scope: {}, notFilters: [{ field: 'sfcoreproductc', value: 'Payroll' }] }),
    ).toEqual([1, 2, 3]);
  });

  it('keeps a date range inclusively and drops documents without the date', () => {
    expect(
      kept({
        scope: {},
        notFilters: [],
        dateRange: { field: 'sfcreateddate', from: '2026-01-02', to: '2026-01-03' },
      }),
    ).toEqual([2, 3]);
  });
});

describe('filterAndCount', () => {
  const store = buildDocumentStore(
    [
      row(1),
      row(2, { sfcoreproductc: '["Payroll"]' }),
      row(3, { common_contenttype: 'Discussion' }),
      row(4, { objecttype: 'App' }),
    ],
    1,
  );

  it('counts facets by group over the documents in scope and returns those passing filters', () => {
    const { total, facets, passing } = filterAndCount(store, allSlots(store), {
      scope: { objecttypes: ['Knowledge__kav'] },
      notFilters: [],
      filters: [{ field: 'sfcoreproductc', values: ['Accounting'] }],
      facets: [...FACETS],
    });
    expect(total).toBe(2);
    expect(keysAt(store, passing)).toEqual([3, 1]);
    expect(facets).toEqual([
      {
        field: 'common_contenttype',
        values: [
          { value: 'Article', count: 1 },
          { value: 'Discussion', count: 1 },
        ],
      },
      {
        field: 'sfcoreproductc',
        values: [
          { value: 'Accounting', count: 2 },
          { value: 'Payroll', count: 1 },
        ],
      },
    ]);
  });
});

describe('filterAndCount conditions', () => {
  const store = buildDocumentStore(
    [row(1, { region: 'UK' }), row(2), row(3, { sfcreateddate: '2026-01-20' }), row(4)],
    1,
  );
  const passingKeys = (request: Partial<Parameters<typeof filterAndCount>[2]>) =>
    keysAt(
      store,
      filterAndCount(store, slotsOf(store, [1, 2, 3, 4]), {
        scope: {},
        notFilters: [],
        filters: [],
        facets: [],
        ...request,
      }).passing,
    );

  it('decides NOT clauses on shared fields by group and the others by document', () => {
    expect(passingKeys({ notFilters: [{ field: 'region', value: 'UK' }] })).toEqual([3, 4, 2]);
    expect(passingKeys({ notFilters: [{ field: 'unique_id', value: 'doc-004' }] })).toEqual([
      3, 2, 1,
    ]);
    expect(passingKeys({ dateRange: { field: 'sfcreateddate', from: '2026-01-03' } })).toEqual([
      3, 4,
    ]);
  });
});

describe('ordering', () => {
  it('firstInOrder returns the first items of the order without sorting them all', () => {
    const numbers = [5, 3, 9, 1, 7, 3];
    expect(firstInOrder(numbers, 3, (a, b) => a - b)).toEqual([1, 3, 3]);
    expect(firstInOrder(numbers, 10, (a, b) => b - a)).toEqual([9, 7, 5, 3, 3, 1]);
    expect(firstInOrder(numbers, 0, (a, b) => a - b)).toEqual([]);
  });

  it('pages newest first', () => {
    const store = buildDocumentStore([row(1), row(2), row(3), row(4)], 1);
    const page = newestPage(store, allSlots(store), 1, 2);
    expect(page.map((document) => document.key)).toEqual([3, 2]);
  });

  it('pages the newest of some documents given in the order of a full-text match', () => {
    const rows = Array.from({ length: 100 }, (_, index) =>
      row(index + 1, { sfcreateddate: `2026-01-01T00:00:${String(index % 60).padStart(2, '0')}Z` }),
    );
    const store = buildDocumentStore(rows, 1);
    // Every third document, oldest first: the order of a full-text match, not of dates.
    const some = [...store.newestFirst].reverse().filter((_, index) => index % 3 === 0);
    const expected = [...some].sort((a, b) => a.newestRank - b.newestRank);
    const slots = slotsOf(
      store,
      some.map((document) => document.key),
    );
    expect(newestPage(store, slots, 0, 3)).toEqual(expected.slice(0, 3));
    expect(newestPage(store, slots, 2, 2)).toEqual(expected.slice(2, 4));
    expect(newestPage(store, slots, 0, 0)).toEqual([]);
    expect(newestPage(store, slots, 0, 50)).toEqual(expected);
  });

  it('ranks by region and discussion freshness, then newest, without words', () => {
    const store = buildDocumentStore(
      [
        row(1, { region: 'UK' }),
        row(2),
        row(3, { common_contenttype: 'Discussion', sfcreateddate: '2026-02-28' }),
        row(4, { common_contenttype: 'Discussion', sfcreateddate: '2025-01-01' }),
      ],
      1,
    );
    const page = factorPage(store, allSlots(store), 'UK', NOW, 0, 4);
    expect(page.map((entry) => entry.document.key)).toEqual([3, 1, 2, 4]);
    expect(page[1]?.score).toBeCloseTo(1.15);
  });
});

describe('rankingFactor', () => {
  const store = buildDocumentStore(
    [
      row(1, { region: 'AU' }),
      row(2, { common_contenttype: 'Discussion', sfcreateddate: '2026-03-01T00:00:00.000Z' }),
      row(3, { common_contenttype: 'FeedItem', sfcreateddate: '2026-01-30T00:00:00.000Z' }),
      row(4, { common_contenttype: 'Discussion', sfcreateddate: '2020-01-01' }),
    ],
    1,
  );
  const factor = (key: number, region?: string) => rankingFactor(store.find(key)!, region, NOW);

  it('boosts the visitor’s region by 1.15 and is neutral otherwise', () => {
    expect(factor(1, 'AU')).toBeCloseTo(1.15);
    expect(factor(1, 'UK')).toBe(1);
    expect(factor(1)).toBe(1);
  });

  it('weighs discussions by age: 1.4 today, 0.6 + 0.8/e after 30 days, 0.6 when old', () => {
    expect(factor(2)).toBeCloseTo(1.4);
    expect(factor(3)).toBeCloseTo(0.6 + 0.8 * Math.exp(-1));
    expect(factor(4)).toBeCloseTo(0.6);
  });
});

describe('rankingCandidates', () => {
  const store = buildDocumentStore(
    [
      row(1, { title_length: 30 }),
      row(2, { title_length: 10 }),
      row(3, { title_length: 50 }),
      row(4, { title_length: 10 }),
      row(5, { title_length: 10 }),
    ],
    1,
  );
  const inTitle = (...keys: number[]) => slotsOf(store, keys);
  const every = allSlots(store);

  it('takes every document when they fit', () => {
    const { candidates, rest } = rankingCandidates(store, every, new Int32Array(0), 5);
    expect(candidates).toHaveLength(5);
    expect(rest()).toEqual([]);
  });

  it('prefers title matches, shortest titles first, then fills with the newest', () => {
    const { candidates, rest } = rankingCandidates(store, every, inTitle(1, 2, 4), 3);
    expect(candidates.map((document) => document.key)).toEqual([4, 2, 1]);
    expect(rest().map((document) => document.key)).toEqual([5, 3]);
    const filled = rankingCandidates(store, every, inTitle(1), 3);
    expect(filled.candidates.map((document) => document.key)).toEqual([1, 5, 4]);
  });

  it('takes title matches only among the documents passing the filters', () => {
    const passing = slotsOf(store, [1, 3, 5, 4]);
    const { candidates, rest } = rankingCandidates(store, passing, inTitle(2, 3), 2);
    expect(candidates.map((document) => document.key)).toEqual([3, 5]);
    expect(rest().map((document) => document.key)).toEqual([4, 1]);
  });
});
