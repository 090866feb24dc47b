/*
 * Generated answers (migration 0010-answers). answer_cache holds one answer per normalised
 * question, search hub, region and content version (the search index version, which every
 * content write raises), so processes share answers and a content change retires them.
 * citations is the JSON list of the answer's citations as the stream sends them.
 * answer_event keeps the question and hub with each event, so the analytics outlive the
 * cached answer they were about.
 */

export interface AnswerCacheTable {
  id: string;
  question_key: string;
  question_text: string;
  search_hub: string;
  region: string;
  content_version: number;
  provider: string;
  declined: number;
  answer_text: string;
  citations: string;
  created_at: string;
}

export type AnswerEventKind = 'shown' | 'liked' | 'disliked' | 'citation-clicked';

export interface AnswerEventTable {
  id: string;
  answer_id: string;
  kind: AnswerEventKind;
  reason: string | null;
  details: string | null;
  citation_id: string | null;
  search_id: string | null;
  search_hub: string;
  question_text: string;
  user_id: string | null;
  /** 1 when the visitor's consent allowed statistics (PERF); null before migration 0028. */
  statistics: number | null;
  created_at: string;
}

export interface AnswerTables {
  answer_cache: AnswerCacheTable;
  answer_event: AnswerEventTable;
}
