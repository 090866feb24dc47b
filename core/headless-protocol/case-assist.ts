import { z } from 'zod';
import type { SearchResult } from '../search/index.ts';

/**
 * Case assist ({base}/rest/organizations/{org}/caseassists/{caseAssistId}/classify and
 * /documents/suggest): the case form's fields in, the portal's raise-flow proposals (category,
 * topic, impact) and its deflection results out. The case assist id names the queue the form
 * raises into: 'customer' or 'partner'.
 */
export const CASE_ASSIST_IDS = ['customer', 'partner'] as const;
export type CaseAssistId = (typeof CASE_ASSIST_IDS)[number];

const caseField = z.object({ value: z.string().max(32_000) });

export const caseAssistSchema = z.object({
  clientId: z.string().max(200).optional(),
  locale: z.string().max(40).optional(),
  fields: z.record(z.string().max(100), caseField).default({}),
  context: z.record(z.string(), z.unknown()).optional(),
  analytics: z.unknown().optional(),
});
export type CaseAssistRequest = z.output<typeof caseAssistSchema>;

/** The fields a description is read from; others (product, impact...) are the visitor's choices. */
const TEXT_FIELDS = ['subject', 'description'];

export function caseText(request: CaseAssistRequest): string {
  return TEXT_FIELDS.map((field) => request.fields[field]?.value.trim() ?? '')
    .filter((value) => value !== '')
    .join('\n');
}

/** The words deflection searches for: the subject, or the description when there is none. */
export function deflectionQuery(request: CaseAssistRequest, maxLength: number): string {
  const subject = request.fields.subject?.value.trim() ?? '';
  const query = subject !== '' ? subject : (request.fields.description?.value.trim() ?? '');
  return query.slice(0, maxLength);
}

export interface ClassificationProposalLike {
  category?: { categoryId: string; topicId: string; probability: number };
  impact?: { impact: string; probability: number };
}

interface Prediction {
  id: string;
  value: string;
  confidence: number;
}

function prediction(field: string, value: string, confidence: number): Prediction {
  return { id: `${field}:${value}`, value, confidence };
}

export function classificationAnswer(proposal: ClassificationProposalLike, responseId: string) {
  const fields: Record<string, { predictions: Prediction[] }> = {};
  if (proposal.category) {
    const { categoryId, topicId, probability } = proposal.category;
    fields.categoryId = { predictions: [prediction('categoryId', categoryId, probability)] };
    if (topicId !== '') {
      fields.topicId = { predictions: [prediction('topicId', topicId, probability)] };
    }
  }
  if (proposal.impact) {
    const { impact, probability } = proposal.impact;
    fields.impact = { predictions: [prediction('impact', impact, probability)] };
  }
  return { fields, responseId };
}

export function documentSuggestionsAnswer(
  results: readonly SearchResult[],
  totalCount: number,
  responseId: string,
  siteUrl: string,
) {
  return {
    documents: results.map((result) => {
      const uri = new URL(result.clickUri, siteUrl).href;
      const raw = result.raw ?? {};
      return {
        title: result.title,
        excerpt: result.excerpt,
        clickUri: uri,
        uniqueId: result.uniqueId,
        hasHtmlVersion: true,
        fields: {
          ...Object.fromEntries(
            Object.entries(raw).filter(
              (entry): entry is [string, string | number | boolean | string[]] =>
                ['string', 'number', 'boolean'].includes(typeof entry[1]) ||
                Array.isArray(entry[1]),
            ),
          ),
          permanentid: String(raw.permanentid ?? result.uniqueId),
          source: String(raw.source ?? raw.syssource ?? ''),
          uri,
          urihash: String(raw.urihash ?? ''),
        },
      };
    }),
    totalCount,
    responseId,
  };
}
