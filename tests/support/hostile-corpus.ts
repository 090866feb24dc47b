/**
 * The hostile-input corpus: what a careless or malicious client may send in any place a request
 * carries text. `server/http/hostile-input.http.test.ts` sends every entry to every route of the
 * portal and every gateway method, and checks that none answers 5xx, reflects markup unescaped
 * or leaves a record half-written.
 *
 * An entry's `text` is what a handler sees once the request is decoded. `raw`, when present, is
 * how the entry is written into a URL or a form body instead of percent-encoding `text`: the
 * malformed percent-encodings and the byte sequences that are no UTF-8 exist only that way.
 * `marker` is the part that must never reach an HTML page unescaped (the whole text by default,
 * for the entries that hold markup).
 */

export type HostileKind =
  | 'xss'
  | 'sql'
  | 'path-traversal'
  | 'overlong'
  | 'non-latin'
  | 'control'
  | 'invisible'
  | 'percent-encoding'
  | 'type-confusion'
  | 'template';

export interface HostileEntry {
  kind: HostileKind;
  name: string;
  text: string;
  raw?: string;
  /** Text that must not appear in an HTML answer; set for the entries that carry markup. */
  marker?: string;
}

const entry = (
  kind: HostileKind,
  name: string,
  text: string,
  extra: Pick<HostileEntry, 'raw' | 'marker'> = {},
): HostileEntry => ({ kind, name, text, ...extra });

const markup = (name: string, text: string, marker = text): HostileEntry =>
  entry('xss', name, text, { marker });

export const HOSTILE_ENTRIES: readonly HostileEntry[] = [
  markup('script tag', '<script>alert(1)</script>'),
  markup('attribute break-out', '"><img src=x onerror=alert(1)>', '<img src=x onerror'),
  markup('single-quote break-out', "'><svg/onload=alert(1)>", '<svg/onload'),
  markup('title break-out', '</title><script>alert(2)</script>', '<script>alert(2)'),
  // The marker is the injected script itself: a guest's page has '</script><script>' of its own
  // between two inline scripts, which carry no nonce attribute there.
  markup('inline script break-out', '</script><script>alert(3)</script>', '<script>alert(3)'),
  markup('javascript link', '<a href="javascript:alert(4)">x</a>', 'href="javascript:'),
  markup('style break-out', '</style><style>*{display:none}</style>', '</style><style>'),
  markup('html comment', '--><!--<iframe src=//evil.example>', '<iframe'),
  entry('xss', 'javascript url', 'javascript:alert(5)'),
  entry('xss', 'data url', 'data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg=='),
  entry('xss', 'line separators', '\u2028\u2029</script>', { marker: '\u2028\u2029</script>' }),
  entry('sql', 'tautology', "' OR '1'='1"),
  entry('sql', 'stacked statement', "'; DROP TABLE portal_user; --"),
  entry('sql', 'union', '1 UNION SELECT NULL, NULL, NULL --'),
  entry('sql', 'like wildcards', "%_%' AND 1=1 --"),
  entry('sql', 'backslash quote', "\\'; SELECT 1; --"),
  entry('sql', 'comment', '/**/OR/**/1=1'),
  entry('path-traversal', 'dot-dot', '../../../../etc/passwd'),
  entry('path-traversal', 'encoded dot-dot', '..%2F..%2F..%2Fetc%2Fpasswd', {
    raw: '..%2F..%2F..%2Fetc%2Fpasswd',
  }),
  entry('path-traversal', 'double-encoded dot-dot', '%252e%252e%252f', { raw: '%252e%252e%252f' }),
  entry('path-traversal', 'backslashes', '..\\..\\windows\\win.ini'),
  entry('path-traversal', 'nested dots', '....//....//etc/passwd'),
  entry('path-traversal', 'absolute url', '//evil.example/%2e%2e'),
  entry('overlong', 'ten thousand letters', 'a'.repeat(10_000)),
  entry('overlong', 'long accented text', 'é'.repeat(4_000)),
  entry('overlong', 'long words', `${'word '.repeat(2_000)}end`),
  entry('non-latin', 'japanese', '日本語のテキスト検索'),
  entry('non-latin', 'arabic (right to left)', 'مرحبا بالعالم'),
  entry('non-latin', 'greek and cyrillic', 'Ελληνικά кириллица'),
  entry('non-latin', 'emoji with joiners', '😀👍🏽👨‍👩‍👧‍👦🏳️‍🌈'),
  entry('non-latin', 'combining marks', 'Z̴̡̪a̷l̶g̵o̴ t̸e̵x̶t'),
  entry('non-latin', 'astral plane', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𠜎𠜱'),
  entry('control', 'nul', '\u0000'),
  entry('control', 'nul inside', 'a\u0000b'),
  entry('control', 'crlf header injection', 'x\r\nSet-Cookie: injected=1'),
  entry('control', 'c0 controls', '\u0001\u0002\u0007\b\t\v\f\u001b[31m\u007f'),
  entry('control', 'c1 controls', '\u0085\u0090\u009f'),
  entry('invisible', 'zero width', '\u200b\u200c\u200d\u2060'),
  entry('invisible', 'bidi overrides', '\u202eexe.txt\u202c\u2066\u2069'),
  entry('invisible', 'byte order mark', '\ufeff'),
  entry('invisible', 'only whitespace', ' \u00a0\u3000\t '),
  entry('invisible', 'soft hyphen and fillers', '\u00ad\u180e\u3164\uffa0'),
  entry('percent-encoding', 'bare percent', '%', { raw: '%' }),
  entry('percent-encoding', 'bad hex', '%zz', { raw: '%zz' }),
  entry('percent-encoding', 'truncated sequence', '%E0%A4%A', { raw: '%E0%A4%A' }),
  entry('percent-encoding', 'overlong utf-8 slash', '%C0%AF', { raw: '%C0%AF' }),
  entry('percent-encoding', 'invalid utf-8 bytes', '%FF%FE', { raw: '%FF%FE' }),
  entry('percent-encoding', 'lone surrogate', '%ED%A0%80', { raw: '%ED%A0%80' }),
  entry('percent-encoding', 'encoded nul', '%00', { raw: '%00' }),
  entry('percent-encoding', 'iis unicode', '%u0041%u003c', { raw: '%u0041%u003c' }),
  entry('type-confusion', 'negative number', '-1'),
  entry('type-confusion', 'huge number', '99999999999999999999999999999'),
  entry('type-confusion', 'not a number', 'NaN'),
  entry('type-confusion', 'null', 'null'),
  entry('type-confusion', 'json object', '{"$gt":""}'),
  entry('type-confusion', 'prototype', '__proto__'),
  entry('type-confusion', 'empty', ''),
  entry('type-confusion', 'record id of another kind', '005000000000001AAA'),
  entry('template', 'format specifiers', '%s%s%s%n%x'),
  entry('template', 'template expressions', '${7*7}{{7*7}}#{7*7}'),
];

/** An entry as it goes into a URL path segment, a query value or a form field. */
export function encodedEntry(hostile: HostileEntry): string {
  if (hostile.raw !== undefined) return hostile.raw;
  return encodeURIComponent(hostile.text);
}

/**
 * Header values carry only visible Latin-1 text: an entry that has anything else (line breaks,
 * NUL, non-Latin text) goes in percent-encoded, as a browser would send it.
 */
export function headerEntry(hostile: HostileEntry): string {
  return /^[\u0020-\u007e\u00a0-\u00ff]*$/.test(hostile.text)
    ? hostile.text
    : encodedEntry(hostile);
}

/**
 * Request shapes that are wrong as a whole rather than in one value: each is applied to every
 * route that takes a body (and the query ones to every route).
 */
export type HostileShape =
  | { kind: 'oversized-body'; name: string; bytes: number }
  | { kind: 'content-type'; name: string; contentType: string | undefined; body: string }
  | { kind: 'malformed-body'; name: string; contentType: string; body: string }
  | { kind: 'duplicate-parameters'; name: string };

export const HOSTILE_SHAPES: readonly HostileShape[] = [
  { kind: 'oversized-body', name: 'one byte over a megabyte', bytes: 1024 * 1024 + 1 },
  { kind: 'content-type', name: 'no content type', contentType: undefined, body: 'a=1' },
  { kind: 'content-type', name: 'xml', contentType: 'application/xml', body: '<a>1</a>' },
  { kind: 'content-type', name: 'plain text', contentType: 'text/plain', body: 'hello' },
  {
    kind: 'content-type',
    name: 'multipart without parts',
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nnot a part',
  },
  {
    kind: 'content-type',
    name: 'multipart without boundary',
    contentType: 'multipart/form-data',
    body: 'a=1',
  },
  {
    kind: 'content-type',
    name: 'json in another charset',
    contentType: 'application/json; charset=utf-16',
    body: '{"a":1}',
  },
  {
    kind: 'content-type',
    name: 'unknown type',
    contentType: 'application/x-hostile',
    body: '\u0000\u0001',
  },
  { kind: 'content-type', name: 'garbled type', contentType: ';;;/==', body: 'a=1' },
  {
    kind: 'malformed-body',
    name: 'truncated json',
    contentType: 'application/json',
    body: '{"a":',
  },
  { kind: 'malformed-body', name: 'json array', contentType: 'application/json', body: '[1,2,3]' },
  { kind: 'malformed-body', name: 'json string', contentType: 'application/json', body: '"text"' },
  { kind: 'malformed-body', name: 'json null', contentType: 'application/json', body: 'null' },
  {
    kind: 'malformed-body',
    name: 'deeply nested json',
    contentType: 'application/json',
    body: `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  },
  {
    kind: 'malformed-body',
    name: 'json prototype keys',
    contentType: 'application/json',
    body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
  },
  {
    kind: 'malformed-body',
    name: 'json with a byte order mark',
    contentType: 'application/json',
    body: '\ufeff{"a":1}',
  },
  {
    kind: 'malformed-body',
    name: 'form of broken bytes',
    contentType: 'application/x-www-form-urlencoded',
    body: 'a=%FF%FE&b=%zz&&&=&c',
  },
  { kind: 'duplicate-parameters', name: 'every parameter twice' },
];
