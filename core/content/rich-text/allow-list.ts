/**
 * What rich text may contain after sanitising (spec 5 'Rich text'). Everything else is dropped:
 * a disallowed tag loses its markup but keeps its text, except script, style, textarea, option,
 * xmp and iframe, whose content goes too. No attribute outside these lists survives, so style,
 * color, on* handlers, id and name never do.
 */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'ins',
  'sub',
  'sup',
  'mark',
  'small',
  'abbr',
  'cite',
  'q',
  'blockquote',
  'code',
  'pre',
  'kbd',
  'samp',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'details',
  'summary',
  'span',
  'div',
] as const;

/** Video iframes join the allowed tags only when every iframe present is a video (see render.ts). */
export const VIDEO_IFRAME_TAG = 'iframe';

export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
  abbr: ['title'],
  q: ['cite'],
  blockquote: ['cite'],
  ol: ['start', 'reversed'],
  // The renderer sets a table's tabindex itself (render.ts), whatever the text said.
  table: ['tabindex'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  details: ['open'],
  iframe: [
    'src',
    'title',
    'width',
    'height',
    'allow',
    'allowfullscreen',
    'loading',
    'referrerpolicy',
  ],
};

/** Spec 5: the link protocols rich text may use; any other scheme loses its href. */
export const ALLOWED_LINK_PROTOCOLS = [
  'ftp',
  'ftps',
  'http',
  'https',
  'mailto',
  'tel',
  'callto',
  'cid',
  'xmpp',
  'ciscotel',
  'navision',
] as const;

/** Images load over the web only: no data: or other schemes, relative paths allowed. */
export const ALLOWED_IMAGE_PROTOCOLS = ['http', 'https'] as const;

/** The tags whose text is dropped with them, not kept as loose text. */
export const DROPPED_WITH_CONTENT = ['script', 'style', 'textarea', 'option', 'xmp', 'iframe'];
