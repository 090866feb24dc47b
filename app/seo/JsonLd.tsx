import { useNonce } from '../nonce.ts';
import { serializeJsonLd, type JsonLd as JsonLdValue } from './json-ld.ts';

/**
 * Structured data for search engines, in a script tag that carries the response's CSP nonce.
 * Browsers hide a nonce from the DOM once parsed, so the client sees none: that difference is
 * expected, not a hydration fault.
 */
export function JsonLd({ data }: { data: JsonLdValue | JsonLdValue[] }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
