import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { hostOf, isExternalUrl } from '../../routes/index.ts';
import {
  sideNavHeadingEvent,
  withUniqueIds,
  type SideNavHeadingEvent,
} from '../side-navigation.ts';
import {
  ALLOWED_ATTRIBUTES,
  ALLOWED_IMAGE_PROTOCOLS,
  ALLOWED_LINK_PROTOCOLS,
  ALLOWED_TAGS,
  DROPPED_WITH_CONTENT,
  VIDEO_IFRAME_TAG,
} from './allow-list.ts';
import {
  EXTERNAL_LINK_CLASS,
  EXTERNAL_LINK_REL,
  EXTERNAL_LINK_SUFFIX_HTML,
} from './external-link-marker.ts';
import { plainTextHtml, textOfHtml } from './plain-text.ts';
import { rowHeadersFromEmptyCorner } from './row-headers.ts';
import { isVideoEmbedUrl } from './video-embed.ts';

export interface RichTextOptions {
  /** The configured site URL: links to any other host are external. */
  siteUrl: string;
  /** Heading levels that get an id and join the side navigation; none by default. */
  sideNavLevels?: readonly number[];
  /** Told about a failure before the raw text is shown instead (spec 8). */
  onError?: (error: unknown) => void;
}

export interface RenderedRichText {
  /** Sanitised HTML, safe to insert into a page as is. */
  html: string;
  /** The headings that registered with the side navigation, ids unique, in document order. */
  headings: SideNavHeadingEvent[];
  /** True when sanitising failed and html is the raw text shown as plain text. */
  plainText: boolean;
}

// One parser for every render: markdown-it keeps no state between renders. Raw HTML is let
// through to the sanitiser, which is the one place that decides what survives.
const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false });
markdown.linkify.set({ fuzzyLink: true });
markdown.core.ruler.push('row-headers-from-empty-corner', (state) => {
  rowHeadersFromEmptyCorner(state.tokens);
});

/**
 * Plain URLs become links when they carry a scheme or start with www.; a bare 'invoice.co' or
 * 'readme.md' in running text is more often a file name than an address, so it stays text.
 */
const LINKABLE_TEXT = /^(?:[a-z][a-z0-9+.-]*:|www\.)/i;
markdown.core.ruler.after('linkify', 'bare-domains-stay-text', (state) => {
  for (const block of state.tokens) {
    const children = block.type === 'inline' ? block.children : null;
    if (!children) continue;
    for (let index = 0; index < children.length; index += 1) {
      const open = children[index];
      const label = children[index + 1];
      if (open?.type !== 'link_open' || open.markup !== 'linkify' || !label) continue;
      if (LINKABLE_TEXT.test(label.content) || label.content.includes('@')) continue;
      children.splice(index, 3, label);
    }
  }
});

const SCHEME = /^([a-z][a-z0-9+.-]*):/;
const REPEATED_WHITESPACE = /[ \t\n\r\f]{2,}/g;
const KEEPS_WHITESPACE = new Set(['pre', 'code']);

/** The scheme the browser would see: sanitize-html's reading, control characters and spaces removed. */
function schemeOf(url: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u0020]+/g, '').toLowerCase();
  return SCHEME.exec(cleaned)?.[1];
}

function allowedLink(url: string | undefined, protocols: readonly string[]): string | undefined {
  if (url === undefined) return undefined;
  const scheme = schemeOf(url);
  return scheme === undefined || protocols.includes(scheme) ? url : undefined;
}

const IFRAME_OPENING = /<\s*iframe/i;

/** Every iframe of the HTML, scanned before sanitising: the iframe rule looks at all of them. */
function iframeSources(html: string): Array<string | undefined> {
  const sources: Array<string | undefined> = [];
  sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    onOpenTag: (name, attribs) => {
      if (name === VIDEO_IFRAME_TAG) sources.push(attribs.src);
    },
  });
  return sources;
}

function addHeadingIds(
  html: string,
  levels: ReadonlySet<number>,
): { html: string; headings: SideNavHeadingEvent[] } {
  const found: Array<{ start: number; end: number; level: number; inner: string }> = [];
  const heading = /<h([1-6])>([\s\S]*?)<\/h\1>/g;
  for (let match = heading.exec(html); match; match = heading.exec(html)) {
    const level = Number(match[1]);
    const inner = match[2] ?? '';
    if (!levels.has(level) || textOfHtml(inner).trim() === '') continue;
    found.push({ start: match.index, end: heading.lastIndex, level, inner });
  }
  const headings = withUniqueIds(
    found.map(({ level, inner }) =>
      sideNavHeadingEvent({ heading: textOfHtml(inner).trim().replace(/\s+/g, ' '), level }),
    ),
  );
  let result = '';
  let at = 0;
  found.forEach((item, index) => {
    const event = headings[index];
    if (!event) return;
    result += `${html.slice(at, item.start)}<h${item.level} id="${event.id}">${item.inner}</h${item.level}>`;
    at = item.end;
  });
  return { html: result + html.slice(at), headings };
}

function addExternalLinkMarkers(html: string): string {
  return html.replace(
    new RegExp(`(<a class="${EXTERNAL_LINK_CLASS}"[^>]*>)([\\s\\S]*?)(</a>)`, 'g'),
    (_all, open: string, inner: string, close: string) =>
      `${open}${inner}${EXTERNAL_LINK_SUFFIX_HTML}${close}`,
  );
}

export interface RichTextRenderer {
  render(source: string): RenderedRichText;
}

/** Spec 5 'Rich text': Markdown (with HTML) to sanitised HTML, external links marked. */
export function createRichTextRenderer(options: RichTextOptions): RichTextRenderer {
  const sideNavLevels = new Set(options.sideNavLevels ?? []);

  function sanitise(html: string, siteHost: string): string {
    // The scan is a second parse; most texts have no iframe for it to find.
    const sources = IFRAME_OPENING.test(html) ? iframeSources(html) : [];
    // Spec 5: video iframes stay only when they are the only iframes present; one other
    // iframe and every iframe goes, so a video can never vouch for a page it shares.
    const videosOnly = sources.length > 0 && sources.every(isVideoEmbedUrl);
    return sanitizeHtml(html, {
      allowedTags: videosOnly ? [...ALLOWED_TAGS, VIDEO_IFRAME_TAG] : [...ALLOWED_TAGS],
      allowedAttributes: Object.fromEntries(
        Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
      ),
      allowedClasses: { a: [EXTERNAL_LINK_CLASS] },
      allowedSchemes: [...ALLOWED_LINK_PROTOCOLS],
      allowedSchemesByTag: { img: [...ALLOWED_IMAGE_PROTOCOLS], iframe: ['https'] },
      allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
      allowProtocolRelative: true,
      disallowedTagsMode: 'discard',
      nonTextTags: DROPPED_WITH_CONTENT,
      textFilter: (text, tagName) =>
        KEEPS_WHITESPACE.has(tagName) ? text : text.replace(REPEATED_WHITESPACE, ' '),
      transformTags: {
        a: (tagName, attribs) => {
          const href = allowedLink(attribs.href, ALLOWED_LINK_PROTOCOLS);
          const external = href !== undefined && isExternalUrl(href, siteHost);
          const kept: Record<string, string> = {};
          // The class comes first: the external-link pass below finds the link by it.
          if (external) kept.class = EXTERNAL_LINK_CLASS;
          if (href !== undefined) kept.href = href;
          if (attribs.title) kept.title = attribs.title;
          if (external) {
            kept.target = '_blank';
            kept.rel = EXTERNAL_LINK_REL;
          }
          return { tagName, attribs: kept };
        },
        img: (tagName, attribs) => {
          const src = allowedLink(attribs.src, ALLOWED_IMAGE_PROTOCOLS);
          const kept: Record<string, string> = { alt: attribs.alt ?? '' };
          if (src !== undefined) kept.src = src;
          if (attribs.title) kept.title = attribs.title;
          if (attribs.width) kept.width = attribs.width;
          if (attribs.height) kept.height = attribs.height;
          return { tagName, attribs: { ...kept, loading: 'lazy', decoding: 'async' } };
        },
        // A table wider than its column scrolls sideways (RichText.module.css): keyboard users
        // scroll it once it has the focus, so every table takes it, and nothing else of a text.
        table: (tagName) => ({ tagName, attribs: { tabindex: '0' } }),
        iframe: (tagName, attribs) => {
          const kept: Record<string, string> = {
            src: attribs.src ?? '',
            title: attribs.title?.trim() || 'Embedded video',
            loading: 'lazy',
            referrerpolicy: 'strict-origin-when-cross-origin',
            allowfullscreen: '',
          };
          if (attribs.width) kept.width = attribs.width;
          if (attribs.height) kept.height = attribs.height;
          if (attribs.allow) kept.allow = attribs.allow;
          return { tagName, attribs: kept };
        },
      },
    });
  }

  return {
    render(source) {
      try {
        const siteHost = hostOf(options.siteUrl);
        const clean = sanitise(markdown.render(source), siteHost);
        const { html, headings } = addHeadingIds(clean, sideNavLevels);
        return { html: addExternalLinkMarkers(html), headings, plainText: false };
      } catch (error) {
        options.onError?.(error);
        return { html: plainTextHtml(String(source)), headings: [], plainText: true };
      }
    },
  };
}
