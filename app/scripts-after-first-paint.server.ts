import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

/*
 * A page's scripts start loading after its first paint (docs/performance.md, decision 041).
 * React Router writes a `<link rel="modulepreload">` for every module of the page, which React
 * places at the start of the head, and one inline module script that imports the route modules
 * and then the client entry. The browser fetched the whole 100 KB beside the one stylesheet the
 * first paint waits for, so on a slow network the page's text, already in the HTML, appeared
 * only once the scripts were in as well. Here the preloads leave the head and the module script
 * waits for the browser's first paint, then preloads the same modules and imports them: the
 * stylesheet has the connection to itself, and hydration starts right after the paint.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
// The module script is found by what opens it: the search of a stream and the rewrite must agree.
const MODULE_SCRIPT_OPENING = 'type="module" async="">';
const SCRIPT_CLOSING = '</script>';
const ROUTER_MODULE_SCRIPT = new RegExp(
  `<script((?: nonce="[^"]*")?) ${MODULE_SCRIPT_OPENING}([\\s\\S]*?)${SCRIPT_CLOSING}`,
);
const STATIC_IMPORT = /^\s*import \* as (\w+) from ("[^"]+");$/gm;
const SIDE_EFFECT_IMPORT = /^\s*;?\s*import ("[^"]+");$/gm;

/**
 * Waits for the browser to report the page's first paint (a Paint Timing entry, which it gives
 * once the frame is on screen; two animation frames where it has none). At most a second: a page
 * opened in a background tab paints nothing until it is shown, and its scripts should not wait
 * for that.
 */
const AFTER_FIRST_PAINT = `await new Promise((painted) => {
  if (document.visibilityState === 'hidden') return painted();
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      painted();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(() => painted()));
  }
  setTimeout(painted, 1000);
});`;

/**
 * The page's HTML up to and including React Router's module script, with the module preloads
 * taken out of it and the module script loading them after the first paint. HTML without that
 * script comes back as it was.
 */
export function loadScriptsAfterFirstPaint(html: string): string {
  const script = ROUTER_MODULE_SCRIPT.exec(html);
  if (script === null) return html;
  const [whole, nonce = '', code = ''] = script;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const named: { name: string; source: string }[] = [];
  const unnamed: string[] = [];
  const rest = code
    .replace(STATIC_IMPORT, (_, name: string, source: string) => {
      named.push({ name, source });
      return '';
    })
    .replace(SIDE_EFFECT_IMPORT, (_, source: string) => {
      unnamed.push(source);
      return '';
    });
  const sources = [...named.map((module) => module.source), ...unnamed];
  const deferred = [
    AFTER_FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads).replaceAll('<', '\\u003c')}) {`,
    `  const link = document.createElement('link');`,
    `  link.rel = 'modulepreload';`,
    `  link.href = href;`,
    `  document.head.append(link);`,
    `}`,
    `const [${named.map((module) => module.name).join(', ')}] = await Promise.all([${sources.map((source) => `import(${source})`).join(', ')}]);`,
    rest.trim(),
  ].join('\n');
  const start = script.index;
  const before = html.slice(0, start).replace(MODULE_PRELOAD, '');
  const after = html.slice(start + whole.length);
  return `${before}<script${nonce} type="module" async="">${deferred}</script>${after}`;
}

/**
 * Where React Router's module script ends in a piece of the page, or from where the piece must
 * be kept to find it once more has come: the end of a marker a chunk may have cut, or the open
 * script. Only that much is looked at again, so a page is read once however many chunks it
 * comes in.
 */
export function moduleScriptEnd(text: string): { end: number } | { keepFrom: number } {
  const opening = text.indexOf(MODULE_SCRIPT_OPENING);
  if (opening === -1) {
    return { keepFrom: Math.max(0, text.length - MODULE_SCRIPT_OPENING.length + 1) };
  }
  const closing = text.indexOf(SCRIPT_CLOSING, opening + MODULE_SCRIPT_OPENING.length);
  return closing === -1 ? { keepFrom: opening } : { end: closing + SCRIPT_CLOSING.length };
}

/**
 * The page's stream with its scripts loaded after the first paint: what comes up to React
 * Router's module script (the shell, written at once) is held and rewritten, what follows
 * (Suspense boundaries resolved later) passes as it comes. The held text is joined once: a
 * string grown chunk by chunk and searched after each was copied whole every time (38 ms for
 * a page of 160 KB).
 */
export function scriptsAfterFirstPaint(): Transform {
  const decoder = new StringDecoder('utf8');
  let held: string[] | null = [];
  // The end of the held text that may still hold the start of the module script.
  let unsettled = '';
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (held === null) return done(null, chunk);
      const text = decoder.write(chunk);
      held.push(text);
      const searched = unsettled + text;
      const found = moduleScriptEnd(searched);
      if ('keepFrom' in found) {
        unsettled = searched.slice(found.keepFrom);
        return done();
      }
      const page = held.join('');
      const end = page.length - searched.length + found.end;
      held = null;
      done(null, loadScriptsAfterFirstPaint(page.slice(0, end)) + page.slice(end));
    },
    flush(done) {
      const rest = held === null ? '' : held.join('') + decoder.end();
      held = null;
      done(null, rest === '' ? undefined : rest);
    },
  });
}
