import { describe, expect, it } from 'vitest';
import {
  GLOSSARY_META,
  audienceLabel,
  contentDateLabel,
  contentTypeLabel,
  glossaryContentType,
  productsLabel,
  resultContentType,
  resultKind,
  resultMeta,
  resultTypeLabel,
} from './result-presentation.ts';

describe('contentTypeLabel (spec 2.6)', () => {
  it.each([
    ['Article', 'Help article'],
    ['Online course', 'Course'],
    ['Live classroom', 'In-person classroom'],
    ['Live webinar', 'Webinar'],
    ['ProductIdea', 'Product idea'],
    ['LedgerleafdotcomGlossary', 'Glossary'],
  ])('%s is labelled %s', (type, label) => {
    expect(contentTypeLabel(type, 'Ledgerleaf')).toBe(label);
  });

  it('gives Apps no label', () => {
    expect(contentTypeLabel('Apps', 'Ledgerleaf')).toBeUndefined();
  });

  it('names the glossary type after the configured brand', () => {
    expect(glossaryContentType('Acme')).toBe('AcmedotcomGlossary');
    expect(contentTypeLabel('AcmedotcomGlossary', 'Acme')).toBe('Glossary');
    expect(contentTypeLabel('LedgerleafdotcomGlossary', 'Acme')).toBe('LedgerleafdotcomGlossary');
  });

  it('shows a type the table does not name as it is, and nothing for a blank one', () => {
    expect(contentTypeLabel('Guide', 'Ledgerleaf')).toBe('Guide');
    expect(contentTypeLabel(' ', 'Ledgerleaf')).toBeUndefined();
    expect(contentTypeLabel('constructor', 'Ledgerleaf')).toBe('constructor');
  });
});

describe('productsLabel (spec 2.6)', () => {
  const order = ['Ledgerleaf Accounting', 'Ledgerleaf Payroll', 'Ledgerleaf Practice Manager'];

  it("gives 'Any {brand} product' for more than 2 products", () => {
    expect(productsLabel(order, order, 'Ledgerleaf')).toBe('Any Ledgerleaf product');
  });

  it("joins 2 products with ' & ' in the configured order, whatever order they come in", () => {
    expect(
      productsLabel(['Ledgerleaf Payroll', 'Ledgerleaf Accounting'], order, 'Ledgerleaf'),
    ).toBe('Ledgerleaf Accounting & Ledgerleaf Payroll');
  });

  it('shows a single product by its name', () => {
    expect(productsLabel(['Ledgerleaf Payroll'], order, 'Ledgerleaf')).toBe('Ledgerleaf Payroll');
  });

  it('counts a product listed twice once', () => {
    expect(
      productsLabel(
        ['Ledgerleaf Payroll', 'Ledgerleaf Payroll', 'Ledgerleaf Accounting'],
        order,
        'X',
      ),
    ).toBe('Ledgerleaf Accounting & Ledgerleaf Payroll');
  });

  it('puts names the configuration lacks last', () => {
    expect(productsLabel(['Other', 'Ledgerleaf Payroll'], order, 'Ledgerleaf')).toBe(
      'Ledgerleaf Payroll & Other',
    );
  });

  it('gives no label without products', () => {
    expect(productsLabel([], order, 'Ledgerleaf')).toBeUndefined();
  });
});

describe('audienceLabel (spec 2.6)', () => {
  it("gives 'For everyone' for more than one audience", () => {
    expect(audienceLabel(['small businesses', 'accountants and bookkeepers'])).toBe('For everyone');
  });

  it("gives 'For {audience}' for one", () => {
    expect(audienceLabel(['small businesses'])).toBe('For small businesses');
    expect(audienceLabel(['small businesses', 'small businesses'])).toBe('For small businesses');
  });

  it('gives no label without an audience', () => {
    expect(audienceLabel([])).toBeUndefined();
  });
});

describe('glossary meta (spec 2.6)', () => {
  it("is 'For everyone' and 'Definition'", () => {
    expect(GLOSSARY_META).toEqual(['For everyone', 'Definition']);
  });
});

describe('contentDateLabel (spec 9 dates: en-US, short month, 2-digit day)', () => {
  it.each([
    ['2026-08-30', 'Aug 30, 2026'],
    ['2026-08-05', 'Aug 05, 2026'],
    ['2025-01-01', 'Jan 01, 2025'],
    ['2025-12-31T23:30:00.000Z', 'Dec 31, 2025'],
  ])('%s reads %s, in UTC whatever the time zone', (value, label) => {
    expect(contentDateLabel(value)).toBe(label);
  });

  it('gives nothing for a value that is not a date', () => {
    expect(contentDateLabel('yesterday')).toBeUndefined();
  });
});

describe('result kinds, type labels and meta (spec 2.6)', () => {
  const brand = 'Ledgerleaf';
  const settings = { brand, productOrder: ['Ledgerleaf Books', 'Ledgerleaf Payroll'] };

  it('chooses the card by kind: apps, learning, glossary, discussions, then the rest', () => {
    expect(resultKind({ raw: { syssource: 'Apps' } }, brand)).toBe('app');
    expect(resultKind({ raw: { common_contenttype: 'Apps' } }, brand)).toBe('app');
    expect(resultKind({ raw: { sfintellumapp__id__c: 'a' } }, brand)).toBe('learning');
    expect(resultKind({ raw: { common_contenttype: 'LedgerleafdotcomGlossary' } }, brand)).toBe(
      'glossary',
    );
    expect(resultKind({ raw: { sffeeditemid: 'f' } }, brand)).toBe('discussion');
    expect(resultKind({ raw: { common_contenttype: 'Article' } }, brand)).toBe('standard');
    expect(resultKind({}, brand)).toBe('standard');
  });

  it('labels the content type, falling back to the object type label', () => {
    expect(resultTypeLabel({ raw: { common_contenttype: 'Article' } }, brand)).toBe('Help article');
    expect(resultTypeLabel({ raw: { objecttypelabel: 'ProductIdea' } }, brand)).toBe(
      'Product idea',
    );
    expect(resultTypeLabel({ raw: { common_contenttype: 'Apps' } }, brand)).toBeUndefined();
    expect(resultTypeLabel({}, brand)).toBeUndefined();
    expect(resultContentType({ raw: { common_contenttype: 'A', objecttypelabel: 'B' } })).toBe('A');
  });

  it("gives glossary entries 'For everyone' and 'Definition'", () => {
    expect(
      resultMeta({ raw: { common_contenttype: 'LedgerleafdotcomGlossary' } }, settings),
    ).toEqual(['For everyone', 'Definition']);
  });

  it("gives discussions 'D Month YYYY' and 'Answered'", () => {
    expect(
      resultMeta(
        { raw: { sffeeditemid: 'f', sfcreateddate: '2026-03-05T08:00:00Z', sfcommentcount: 4 } },
        settings,
      ),
    ).toEqual(['5 March 2026', 'Answered']);
  });

  it('gives other results their products, audience and date', () => {
    expect(
      resultMeta(
        {
          raw: {
            sfcoreproductc: ['Ledgerleaf Payroll', 'Ledgerleaf Books'],
            sfaudiencec: ['Accountants'],
            sfcreateddate: '2026-08-05',
          },
        },
        settings,
      ),
    ).toEqual(['Ledgerleaf Books & Ledgerleaf Payroll', 'For Accountants', 'Aug 05, 2026']);
    expect(
      resultMeta({ raw: { sfcoreproductc: ['A', 'B', 'C'], sfaudiencec: ['X', 'Y'] } }, settings),
    ).toEqual(['Any Ledgerleaf product', 'For everyone']);
    expect(resultMeta({ raw: {} }, { brand })).toEqual([]);
  });
});
