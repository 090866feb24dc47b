import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  loadScriptsAfterFirstPaint,
  moduleScriptEnd,
  scriptsAfterFirstPaint,
} from './scripts-after-first-paint.server.ts';

// The shape React Router 7's <Scripts> writes, as React places it: preloads at the start of the
// head, the stylesheet after them, the context script and the module script at the end of body.
function page({ nonce = '', routeScript = defaultRouteScript, tail = '' } = {}) {
  const attribute = nonce === '' ? '' : ` nonce="${nonce}"`;
  return [
    '<!DOCTYPE html><html lang="en-US"><head><meta charSet="utf-8"/>',
    `<link rel="modulepreload" href="/assets/entry.client-A.js"${attribute}/>`,
    `<link rel="modulepreload" href="/assets/shell-B.js"${attribute}/>`,
    `<link rel="modulepreload" href="/assets/home-C.js"${attribute}/>`,
    '<link rel="stylesheet" href="/assets/style-D.css"/></head>',
    '<body><main><h1>Support – Ledgerleaf</h1></main>',
    `<script${attribute}>window.__reactRouterContext = {"basename":"/"};</script>`,
    `<script${attribute} type="module" async="">${routeScript}</script>`,
    '</body></html>',
    tail,
  ].join('');
}

const defaultRouteScript = [
  ';',
  'import * as route0 from "/assets/root-E.js";',
  'import * as route1 from "/assets/home-C.js";',
  '  window.__reactRouterManifest = {"entry": {"module": "/assets/entry.client-A.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"lwr.home":route1};',
  '',
  'import("/assets/entry.client-A.js");',
].join('\n');

function moduleScriptOf(html: string): string {
  return /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
}

describe('loading a page’s scripts after its first paint', () => {
  it('takes the module preloads out of the head and keeps the stylesheet', () => {
    const html = loadScriptsAfterFirstPaint(page());
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/style-D.css"/>');
    expect(html).toContain('<main><h1>Support – Ledgerleaf</h1></main>');
  });

  it('waits for the first paint, then preloads the same modules in their order', () => {
    const script = moduleScriptOf(loadScriptsAfterFirstPaint(page()));
    const waits = script.indexOf("observe({ type: 'paint', buffered: true })");
    const preloads = script.indexOf(
      'for (const href of ["/assets/entry.client-A.js","/assets/shell-B.js","/assets/home-C.js"])',
    );
    expect(waits).toBeGreaterThan(-1);
    expect(preloads).toBeGreaterThan(waits);
  });

  it('imports the route modules under their names before the rest of the script runs', () => {
    const script = moduleScriptOf(loadScriptsAfterFirstPaint(page()));
    const imports = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root-E.js"), import("/assets/home-C.js")]);',
    );
    const modules = script.indexOf('window.__reactRouterRouteModules = {"root":route0');
    const entry = script.indexOf('import("/assets/entry.client-A.js");');
    expect(imports).toBeGreaterThan(-1);
    expect(modules).toBeGreaterThan(imports);
    expect(entry).toBeGreaterThan(modules);
    expect(script).not.toMatch(/^\s*import \* as/m);
  });

  it('imports a module it only runs (the route manifest) beside the named ones', () => {
    const routeScript = defaultRouteScript.replace(';\n', 'import "/assets/manifest-F.js";\n');
    const script = moduleScriptOf(loadScriptsAfterFirstPaint(page({ routeScript })));
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-E.js"), import("/assets/home-C.js"), import("/assets/manifest-F.js")]);',
    );
  });

  it('keeps the parts of a route split into modules of their own', () => {
    const routeScript = [
      'import * as route1_clientLoader from "/assets/home-clientLoader-G.js";',
      'import * as route1_main from "/assets/home-C.js";',
      'const route1 = {...route1_clientLoader,...route1_main};',
      'import("/assets/entry.client-A.js");',
    ].join('\n');
    const script = moduleScriptOf(loadScriptsAfterFirstPaint(page({ routeScript })));
    expect(script).toContain(
      'const [route1_clientLoader, route1_main] = await Promise.all([import("/assets/home-clientLoader-G.js"), import("/assets/home-C.js")]);\nconst route1 = {...route1_clientLoader,...route1_main};',
    );
  });

  it('keeps the nonce of a signed-in visitor’s page on the module script', () => {
    const html = loadScriptsAfterFirstPaint(page({ nonce: 'n0nce' }));
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toMatch(/<script nonce="n0nce" type="module" async="">await new Promise/);
  });

  it('leaves a page without React Router’s module script as it was', () => {
    const html = '<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(loadScriptsAfterFirstPaint(html)).toBe(html);
  });

  it('gives, as a stream cut anywhere, what it gives for the whole page', async () => {
    const tail = '<div hidden id="S:0"><p>Later – ünïcode</p></div>';
    const html = page({ tail });
    const bytes = Buffer.from(html);
    for (const size of [1, 7, 64, 1000, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const out = await text(Readable.from(chunks).pipe(scriptsAfterFirstPaint()));
      expect(out).toBe(loadScriptsAfterFirstPaint(html));
    }
  });

  it('passes a stream without the module script through unchanged', async () => {
    const html = '<html><body><p>No scripts – at all</p></body></html>';
    const out = await text(Readable.from([Buffer.from(html)]).pipe(scriptsAfterFirstPaint()));
    expect(out).toBe(html);
  });

  it('keeps of a piece without the whole module script only what may still start it', () => {
    const html = page();
    const marker = 'type="module" async="">';
    const opening = html.indexOf(marker);
    const closed = html.indexOf('</script>', opening) + '</script>'.length;
    // No marker: only its length less one is kept, in case a chunk cut it.
    const before = html.slice(0, opening);
    expect(moduleScriptEnd(before)).toEqual({ keepFrom: before.length - marker.length + 1 });
    // A marker cut by a chunk is found once what was kept meets the next chunk.
    const cut = opening + 'type="mod'.length;
    const kept = html.slice(0, cut).slice(cut - marker.length + 1);
    expect(moduleScriptEnd(kept + html.slice(cut, closed))).toEqual({
      end: kept.length + closed - cut,
    });
    // The script opened but not closed yet: it is kept from its opening.
    expect(moduleScriptEnd(html.slice(0, closed - 3))).toEqual({ keepFrom: opening });
    expect(moduleScriptEnd(html)).toEqual({ end: closed });
  });
});
