/*
 * Tax as each market expects to see it on a wholesale invoice. Catalogue prices are net; the
 * tax is worked out once on the invoice's net total (not per line), as GST and VAT invoices do.
 * In the US the portal does not know the client's state: it shows "plus applicable sales tax"
 * unless a rate is configured. In Canada GST applies, or HST in a harmonised province.
 */
import type { PracticeMarket } from '../practices/index.ts';
import { applyRate } from './money.ts';

export interface TaxRule {
  /** 'GST', 'VAT', 'GST/HST', 'Sales tax'. */
  label: string;
  /** Basis points; undefined when the tax is not charged here (US without a configured rate). */
  rateBasisPoints: number | undefined;
  /** The line under the totals, e.g. "Prices exclude GST (10%)." */
  note: string;
}

const HST_PROVINCES: Readonly<Record<string, number>> = {
  ON: 1300,
  NB: 1500,
  NL: 1500,
  NS: 1400,
  PE: 1500,
};

function percent(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

function charged(label: string, rate: number): TaxRule {
  return { label, rateBasisPoints: rate, note: `Prices exclude ${label} (${percent(rate)}).` };
}

export interface TaxSettings {
  /** A US sales tax rate in basis points to charge instead of the "plus applicable" line. */
  usSalesTaxBasisPoints?: number | undefined;
  /** The Canadian province the practice is billed in (two letters). */
  canadianProvince?: string | undefined;
}

export function taxRuleFor(market: PracticeMarket, settings: TaxSettings = {}): TaxRule {
  switch (market) {
    case 'AU':
      return charged('GST', 1000);
    case 'NZ':
      return charged('GST', 1500);
    case 'SG':
      return charged('GST', 900);
    case 'UK':
      return charged('VAT', 2000);
    case 'ZA':
      return charged('VAT', 1500);
    case 'CA': {
      const hst = HST_PROVINCES[settings.canadianProvince?.toUpperCase() ?? ''];
      return hst === undefined ? charged('GST', 500) : charged('HST', hst);
    }
    case 'US': {
      const rate = settings.usSalesTaxBasisPoints;
      return rate === undefined || rate <= 0
        ? { label: 'Sales tax', rateBasisPoints: undefined, note: 'Plus applicable sales tax.' }
        : charged('Sales tax', rate);
    }
  }
}

/** The tax on a net amount under the rule: 0 when the rule charges none here. */
export function taxOn(netMinor: number, rule: TaxRule): number {
  return rule.rateBasisPoints === undefined ? 0 : applyRate(netMinor, rule.rateBasisPoints);
}
