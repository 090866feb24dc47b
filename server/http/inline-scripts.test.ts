import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts.ts';

const hashOf = (text: string) =>
  `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('inlineScriptHashes', () => {
  it('hashes the text of each inline script, attributes and all kinds of script alike', () => {
    const html =
      '<head><script>window.a = 1;</script></head><body>' +
      '<script type="module" async="">import "/assets/x.js";</script>' +
      '<script nonce="">window.__context = {"b":"é"};</script></body>';
    expect(inlineScriptHashes(html)).toEqual([
      hashOf('window.a = 1;'),
      hashOf('import "/assets/x.js";'),
      hashOf('window.__context = {"b":"é"};'),
    ]);
  });

  it('leaves out scripts loaded from a file, and names a repeated script once', () => {
    const html =
      '<script src="/assets/entry.js"></script><script type="module" src="/a.js"></script>' +
      '<script>go()</script><script>go()</script>';
    expect(inlineScriptHashes(html)).toEqual([hashOf('go()')]);
  });

  it('hashes an empty inline script, which a browser would also check', () => {
    expect(inlineScriptHashes('<script></script>')).toEqual([hashOf('')]);
  });

  it('finds nothing in a page without scripts', () => {
    expect(inlineScriptHashes('<p>No <em>script</em> here; &lt;script&gt; is text.</p>')).toEqual(
      [],
    );
  });
});
