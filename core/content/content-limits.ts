/*
 * The limits and plain helpers of the help-content format (docs/content-format.md) that pages
 * use too. Apart from content-format.ts, whose validators only the server runs, so that a page
 * showing a limit does not load the validator.
 */

/** The content-led landing pages that are written as content files. */
export const LANDING_PAGE_KEYS = [
  'gettingStarted',
  'accountantsAndBookkeepers',
  'endOfFinancialYear',
  'paymentServices',
  'openBanking',
] as const;
export type LandingPageKey = (typeof LANDING_PAGE_KEYS)[number];

export const TITLE_MAX = 120;
export const SUMMARY_MAX = 300;
export const FEEDBACK_COMMENT_MAX = 1000;
export const DEFAULT_APP_LOGO_COLOR = '#13b5ea';
export const DEFAULT_CONTENT_TYPE = 'Article';

/**
 * The media files a Markdown body refers to, as written: images `![alt](media/<file>)` and
 * links `[text](media/<file>)` (a PDF to download, say).
 */
export function mediaReferences(markdown: string): string[] {
  const found = new Set<string>();
  for (const match of markdown.matchAll(
    /!?\[[^\]]*\]\(\s*<?(media\/[^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
  )) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

/** Replaces each `media/<file>` image or link target with the path `resolve` gives for the file. */
export function resolveMediaReferences(
  markdown: string,
  resolve: (file: string) => string,
): string {
  return markdown.replace(
    /(!?\[[^\]]*\]\(\s*<?)media\/([^)\s>]+)/g,
    (_whole, start: string, file: string) => `${start}${resolve(file)}`,
  );
}

/** A pasted article file longer than this is not previewed: the longest shipped one is 12 KB. */
export const PREVIEW_MAX_CHARACTERS = 200_000;
