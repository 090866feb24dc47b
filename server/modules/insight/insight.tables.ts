/*
 * The insight module's tables (migration 0028-insight, docs/insight.md). insight_daily holds
 * one count (and a summed amount, such as click positions or minutes) per figure, day and
 * dimension; '' stands for a dimension the events do not carry. item names what is counted
 * within a figure: a query, a reason, a flow, a queue.
 */

export interface InsightDailyTable {
  figure: string;
  day: string;
  region: string;
  product: string;
  hub: string;
  item: string;
  count: number;
  amount: number;
}

/**
 * The daily rows of a month summed (migration 0044), which a range reads for the months it
 * holds whole; the cut figures keep the month's most counted items (core/insight/top-items.ts).
 */
export interface InsightMonthlyTable {
  figure: string;
  /** 'YYYY-MM'. */
  month: string;
  region: string;
  product: string;
  hub: string;
  item: string;
  count: number;
  amount: number;
}

/** A month whose rows are summed; its row is what two rollups of the month wait on. */
export interface InsightMonthRollupTable {
  month: string;
  rolled_at: string;
}

/** A day whose events are rolled up, so its raw events may go after the retention. */
export interface InsightRollupTable {
  day: string;
  rolled_at: string;
}

export type GapStatus = 'open' | 'assigned' | 'handled';

/** What staff did about a content gap, by the gap's normal form. */
export interface InsightGapTable {
  gap_key: string;
  status: GapStatus;
  /** Who is to write an article for it. */
  assignee_id: string | null;
  /** The synonym rule added for it, as its terms joined by ', '. */
  synonym: string | null;
  updated_at: string;
  updated_by: string;
}

export interface InsightDigestSubscriberTable {
  user_id: string;
  subscribed_at: string;
}

export interface InsightTables {
  insight_daily: InsightDailyTable;
  insight_rollup: InsightRollupTable;
  insight_monthly: InsightMonthlyTable;
  insight_month_rollup: InsightMonthRollupTable;
  insight_gap: InsightGapTable;
  insight_digest_subscriber: InsightDigestSubscriberTable;
}
