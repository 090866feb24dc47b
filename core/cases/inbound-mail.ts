/*
 * Replies to case e-mails (docs/cases.md, "Replies by e-mail"): which case a reply belongs to,
 * which e-mails are machines talking (auto-replies, bounces, lists), and the part of a reply a
 * person wrote: the quoted history and the signature below it are trimmed.
 */

/** The case's own ids in the reply address and the thread root: 18 letters and digits. */
const CASE_ID = '[A-Za-z0-9]{18}';
/** Hex digits of the reply address's signature: enough that guessing one is hopeless. */
export const REPLY_SIGNATURE_LENGTH = 20;

const REPLY_LOCAL_PART = new RegExp(
  `^[^+@\\s]+\\+(${CASE_ID})\\.([0-9a-f]{${REPLY_SIGNATURE_LENGTH}})@`,
  'i',
);

/** The case id and signature a reply address carries ('cases+{id}.{sig}@host'), if any. */
export function parseReplyAddress(
  address: string,
): { caseId: string; signature: string } | undefined {
  const match = REPLY_LOCAL_PART.exec(address.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { caseId: match[1], signature: match[2].toLowerCase() };
}

/** The reply address of a case: the inbound address with the case and its signature added. */
export function replyAddress(inbound: string, caseId: string, signature: string): string {
  const at = inbound.lastIndexOf('@');
  return `${inbound.slice(0, at)}+${caseId}.${signature}${inbound.slice(at)}`;
}

/**
 * The case a reply's In-Reply-To and References name through the thread root every case
 * e-mail refers to (`<case-{id}@{site host}>`), on this site's host only.
 */
export function caseIdFromThread(
  messageIds: readonly string[],
  siteHost: string,
): string | undefined {
  const host = siteHost.toLowerCase();
  for (const messageId of messageIds) {
    const match = new RegExp(`^<?case-(${CASE_ID})@([^>]+)>?$`).exec(messageId.trim());
    if (match?.[1] && match[2]?.toLowerCase() === host) return match[1];
  }
  return undefined;
}

/** Header values by lower-case name, as the parser gives them. */
export type MailHeaders = ReadonlyMap<string, string>;

/**
 * Whether a machine sent it: an auto-reply (Auto-Submitted, X-Autoreply, X-Autorespond), a
 * bulk or list message (Precedence), or a delivery report (an empty return path, a
 * multipart/report). Answering those would start a loop of robots writing to each other.
 */
export function isAutomatic(headers: MailHeaders): boolean {
  const value = (name: string) => (headers.get(name) ?? '').trim().toLowerCase();
  const autoSubmitted = value('auto-submitted');
  if (autoSubmitted !== '' && autoSubmitted !== 'no') return true;
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(value('precedence'))) return true;
  if (headers.has('x-autoreply') || headers.has('x-autorespond')) return true;
  if (
    value('x-auto-response-suppress')
      .split(/\s*,\s*/)
      .includes('all')
  )
    return true;
  if (headers.has('return-path') && /^<?\s*>?$/.test(value('return-path'))) return true;
  return value('content-type').startsWith('multipart/report');
}

/** A line that opens the quoted history: the mail programs' "… wrote:" and forwarding headers. */
const HISTORY_OPENERS: readonly RegExp[] = [
  // Gmail, Apple Mail, Thunderbird: "On Mon, 2 Mar 2026 at 10:15, Jordan Lee <…> wrote:"
  /^\s*>?\s*On\b.{4,300}\bwrote:\s*$/i,
  // German and French mail programs.
  /^\s*Am\b.{4,300}\bschrieb\b.{0,80}:\s*$/i,
  /^\s*Le\b.{4,300}\ba écrit\s*:\s*$/i,
  // Outlook and most desktop programs.
  /^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^\s*-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  /^\s*_{10,}\s*$/,
];

/** Outlook's header block without a separator: From:, then Sent: or Date: and To: or Subject:. */
function opensOutlookHeaders(lines: readonly string[], index: number): boolean {
  if (!/^\s*\*?From:\*?\s+\S/i.test(lines[index] ?? '')) return false;
  const next = lines.slice(index + 1, index + 4).join('\n');
  return /^\s*\*?(Sent|Date):\*?\s/im.test(next) && /^\s*\*?(To|Subject):\*?\s/im.test(next);
}

/** Gmail wraps a long "On … wrote:" over two lines. */
function opensWrappedHeader(lines: readonly string[], index: number): boolean {
  const line = lines[index] ?? '';
  const next = lines[index + 1] ?? '';
  return /^\s*On\b/i.test(line) && !/wrote:\s*$/i.test(line) && /wrote:\s*$/i.test(next);
}

const SIGN_OFFS: readonly RegExp[] = [
  /^\s*Sent from my \w[\w\s-]{0,40}$/i,
  /^\s*Sent from (Outlook|Mail|Yahoo Mail|Gmail)\b.{0,60}$/i,
  /^\s*Get Outlook for \w+\s*$/i,
];

const isQuoted = (line: string) => /^\s*>/.test(line);
const isBlank = (line: string) => line.trim() === '';

/**
 * The part of a reply its writer typed: the text above the quoted history (a "… wrote:" line,
 * Outlook's header block or separator, or the block of "> " lines that ends the message), without
 * the signature ("-- " and what follows, "Sent from my iPhone"). Quotes between the writer's
 * own lines (answers written inline) stay. Line endings become "\n".
 */
export function trimReply(text: string): string {
  let lines = text.replace(/\r\n?/g, '\n').split('\n');
  const opener = lines.findIndex(
    (line, index) =>
      HISTORY_OPENERS.some((pattern) => pattern.test(line)) ||
      opensOutlookHeaders(lines, index) ||
      opensWrappedHeader(lines, index),
  );
  if (opener >= 0) lines = lines.slice(0, opener);
  // A block of quoted lines at the end is history too (bottom-quoting without a header line).
  let end = lines.length;
  while (end > 0 && (isQuoted(lines[end - 1] ?? '') || isBlank(lines[end - 1] ?? ''))) end -= 1;
  lines = lines.slice(0, end);
  const signature = lines.findIndex((line) => line === '-- ' || line === '--');
  if (signature >= 0) lines = lines.slice(0, signature);
  while (
    lines.length > 0 &&
    (isBlank(lines.at(-1) ?? '') || SIGN_OFFS.some((p) => p.test(lines.at(-1) ?? '')))
  ) {
    lines = lines.slice(0, -1);
  }
  while (lines.length > 0 && isBlank(lines[0] ?? '')) lines = lines.slice(1);
  return lines.map((line) => line.trimEnd()).join('\n');
}
