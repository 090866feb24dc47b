/**
 * How many bytes of request body each kind of route reads, in one place (decision 014). A body
 * past its limit is refused with 413 while it streams in, and a declared Content-Length past
 * it before a byte is read, so a request costs the server at most its route's limit.
 */
export const BODY_LIMITS = {
  /**
   * Fastify's default for every JSON route that names none (the gateway's POST methods carry a
   * few ids and flags): far above any real call, far below what would hurt memory.
   */
  jsonApi: 64 * 1024,
  /** Analytics batches: up to a page's worth of events with their URLs and labels. */
  analytics: 64 * 1024,
  /** Search, suggestions and click records: a query of at most a few hundred characters. */
  search: 32 * 1024,
  /**
   * The search library's protocol (docs/headless-compatibility.md): a search carries its facets,
   * the fields to include and the visitor's recent actions; a case assist request a description
   * of up to 32,000 characters, which escaped non-Latin text makes up to about 100 KB.
   */
  searchLibrary: 128 * 1024,
  /** Answer questions, feedback and citation clicks: one question and a few ids. */
  answers: 16 * 1024,
  /** Chat messages and the assistant's answers kept in a chat: one message of 2,000 characters. */
  chat: 16 * 1024,
  /**
   * Learning-platform webhook: one catalogue record, whose description is rich text; the
   * platform's own largest records stay well under it.
   */
  learningWebhook: 256 * 1024,
  /**
   * Replies to case e-mails, raw (the inbound webhook and the SMTP listener): mail providers
   * cap a message at about 25 MB with its attachments, base64 included.
   */
  inboundMail: 25 * 1024 * 1024,
  /**
   * The raise flow's proposal while typing: a subject of 150 and a description of 20,000
   * characters (core/cases/case-limits.ts), up to 3 bytes a character in UTF-8 (about 60 KB),
   * with room for escaped quotes and line breaks.
   */
  caseProposal: 96 * 1024,
  /** Sign-in and the built-in provider's forms: a few short fields. */
  signInForm: 4 * 1024,
  /**
   * Page actions (React Router forms). The largest legitimate form is a community post: a
   * 200-character title and a 20,000-character body (core/community/posting-rules.ts), which
   * percent-encoded CJK text turns into 9 bytes a character, about 185 KB; the rest is margin.
   * The case pages' forms with files keep it for their text; their files have the limits of
   * decision 034 (core/cases/case-attachments.ts), counted as they stream to disk.
   */
  pageForm: 256 * 1024,
} as const;

/** The 413 answer's text, naming the limit so a caller knows what would have been accepted. */
export function tooLargeMessage(limit: number): string {
  return `The request body is too large: this address accepts at most ${Math.round(limit / 1024)} KB.`;
}

export const PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE';
export const UNSUPPORTED_MEDIA_TYPE = 'UNSUPPORTED_MEDIA_TYPE';
