/** One analytics event of spec 3, stored only with the visitor's statistics consent. */
export interface AnalyticsEventTable {
  id: string;
  name: string;
  /** The event's fields as JSON text (validated against the shared schema before storing). */
  fields: string;
  page_path: string;
  /** The signed-in user the event belongs to (spec 6: user data attached to analytics). */
  user_id: string | null;
  occurred_at: string;
  received_at: string;
}

/**
 * A browser error report (spec 8). Reports are essential for running the site, so they are kept
 * without consent, and therefore carry no user id, address or free-form user data.
 */
export interface ErrorReportTable {
  id: string;
  message: string;
  error_name: string | null;
  stack: string | null;
  source: string | null;
  /** Small key-value context as JSON text. */
  context: string | null;
  page_path: string;
  user_agent: string | null;
  is_guest: number;
  occurred_at: string;
  received_at: string;
}

export interface AnalyticsTables {
  analytics_event: AnalyticsEventTable;
  error_report: ErrorReportTable;
}
