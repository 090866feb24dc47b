import { describe, expect, it } from 'vitest';
import {
  ledgerCsv,
  ledgerFilterRange,
  ledgerFilterSearch,
  parseLedgerFilter,
} from './ledger-view.ts';

const parse = (query: string) => parseLedgerFilter(new URLSearchParams(query));

describe('ledger filter', () => {
  it('reads a kind and a day range', () => {
    expect(parse('kind=redeemed&from=2026-01-01&to=2026-02-01')).toEqual({
      kind: 'redeemed',
      from: '2026-01-01',
      to: '2026-02-01',
    });
  });

  it('leaves out what it cannot read rather than refusing the page', () => {
    expect(parse('kind=stolen&from=yesterday&to=2026-13-45')).toEqual({
      kind: 'all',
      from: '',
      to: '',
    });
  });

  it('swaps a range given backwards', () => {
    expect(parse('from=2026-03-01&to=2026-01-01')).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-01',
    });
  });

  it('covers whole days, the last one included', () => {
    expect(ledgerFilterRange(parse('from=2026-01-01&to=2026-01-31'))).toEqual({
      from: '2026-01-01T00:00:00.000Z',
      before: '2026-02-01T00:00:00.000Z',
    });
    expect(ledgerFilterRange(parse(''))).toEqual({});
  });

  it('writes the filter back as a query, leaving out what is not set', () => {
    expect(ledgerFilterSearch(parse('kind=earned&to=2026-01-31'))).toBe(
      '?kind=earned&to=2026-01-31',
    );
    expect(ledgerFilterSearch(parse(''))).toBe('');
  });
});

describe('ledger export', () => {
  it('quotes text, keeps numbers and ends lines with CRLF', () => {
    expect(
      ledgerCsv([
        {
          occurredAt: '2026-03-01T10:00:00.000Z',
          kind: 'earned',
          points: 250,
          reason: 'Certification passed: "Advisor"',
          expiresAt: '2027-03-01T10:00:00.000Z',
        },
        {
          occurredAt: '2026-03-02T10:00:00.000Z',
          kind: 'redeemed',
          points: -150,
          reason: 'Reward redeemed: Badge pack',
          expiresAt: null,
        },
      ]),
    ).toBe(
      '"Date","Type","Points","Reason","Expires"\r\n' +
        '"2026-03-01","Earned",250,"Certification passed: ""Advisor""","2027-03-01"\r\n' +
        '"2026-03-02","Redeemed",-150,"Reward redeemed: Badge pack",""\r\n',
    );
  });

  it('keeps a reason from running as a spreadsheet formula', () => {
    const csv = ledgerCsv([
      {
        occurredAt: '2026-03-01T10:00:00.000Z',
        kind: 'adjusted',
        points: 5,
        reason: '=HYPERLINK("http://x")',
        expiresAt: null,
      },
    ]);
    expect(csv).toContain('"\'=HYPERLINK(""http://x"")"');
  });
});
