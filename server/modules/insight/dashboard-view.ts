import type { Kysely } from 'kysely';
import { daysFrom, type InsightFilters, type InsightTable } from '~core/insight';
import type { Database } from '~server/db/schema.ts';
import {
  sumFigures,
  type Dimension,
  type FigureQuery,
  type FigureSum,
} from './insight.repository.ts';

/* What every dashboard is made of, and the reading of aggregates they share. */

export interface Headline {
  label: string;
  value: string;
}

export type PlotKind = 'line' | 'bars' | 'funnel';

/**
 * A plot and the table it is drawn from: a line's first column is the day and each further
 * column a series; bars and funnels have a label column and a value column.
 */
export interface Plot {
  kind: PlotKind;
  table: InsightTable;
}

export interface DashboardView {
  headlines: Headline[];
  plots: Plot[];
  /** Tables shown as tables only. */
  tables: InsightTable[];
  /** What the filters apply to, and what is counted under which consent. */
  notes: string[];
}

export interface DashboardReader {
  db: Kysely<Database>;
  filters: InsightFilters;
  /** The filters these figures carry; the others do not narrow them. */
  dimensions: readonly Dimension[];
}

export function applicableFilters(
  filters: InsightFilters,
  dimensions: readonly Dimension[],
): Partial<Record<Dimension, string>> {
  const where: Partial<Record<Dimension, string>> = {};
  for (const dimension of dimensions) {
    const value = filters[dimension];
    if (value) where[dimension] = value;
  }
  return where;
}

export function readFigures(
  reader: DashboardReader,
  figures: readonly string[],
  byDay: FigureQuery['byDay'],
): Promise<FigureSum[]> {
  return sumFigures(reader.db, {
    figures,
    from: reader.filters.from,
    to: reader.filters.to,
    where: applicableFilters(reader.filters, reader.dimensions),
    byDay,
  });
}

/** The total of a figure's counts. */
export function total(sums: readonly FigureSum[], figure: string): number {
  return sums.filter((sum) => sum.figure === figure).reduce((all, sum) => all + sum.count, 0);
}

/** A figure's counts per item, the largest first (ties by item), at most `limit`. */
export function topItems(
  sums: readonly FigureSum[],
  figure: string,
  limit: number,
): { item: string; count: number; amount: number }[] {
  const byItem = new Map<string, { item: string; count: number; amount: number }>();
  for (const sum of sums) {
    if (sum.figure !== figure) continue;
    const entry = byItem.get(sum.item) ?? { item: sum.item, count: 0, amount: 0 };
    entry.count += sum.count;
    entry.amount += sum.amount;
    byItem.set(sum.item, entry);
  }
  return [...byItem.values()]
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.item.localeCompare(b.item))
    .slice(0, limit);
}

/**
 * A day-by-day table of figures' counts over the filters' range, every day present; a series
 * that names `items` counts only the items it accepts.
 */
export function dailyTable(
  reader: DashboardReader,
  sums: readonly FigureSum[],
  table: { id: string; title: string },
  series: readonly { figure: string; name: string; items?: (item: string) => boolean }[],
): InsightTable {
  const counts = series.map(() => new Map<string, number>());
  for (const sum of sums) {
    series.forEach((line, at) => {
      if (line.figure !== sum.figure || (line.items && !line.items(sum.item))) return;
      counts[at]!.set(sum.day, (counts[at]!.get(sum.day) ?? 0) + sum.count);
    });
  }
  return {
    ...table,
    columns: ['Day', ...series.map((line) => line.name)],
    rows: daysFrom(reader.filters.from, reader.filters.to).map((day) => [
      day,
      ...counts.map((byDay) => byDay.get(day) ?? 0),
    ]),
  };
}

/** The note every dashboard carries about the filters that do not narrow its figures. */
export function filterNote(filters: InsightFilters, dimensions: readonly Dimension[]): string[] {
  const names: Record<Dimension, string> = {
    region: 'region',
    product: 'product',
    hub: 'search hub',
  };
  const ignored = (['region', 'product', 'hub'] as const).filter(
    (dimension) => filters[dimension] && !dimensions.includes(dimension),
  );
  return ignored.length === 0
    ? []
    : [
        `These events do not record the ${ignored.map((dimension) => names[dimension]).join(' or ')}, so that filter does not narrow them.`,
      ];
}
