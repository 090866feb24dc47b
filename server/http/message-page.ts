import { documentTitle } from '~core/routes';
import { plainPage } from '~server/modules/identity';

/**
 * A page of the portal's own that says one thing, answered where React does not render (an
 * outage, a refused sign-in, an address that cannot be read): titled as every page is, its
 * heading first, then the brand. `heading` and `body` are the portal's own words, as HTML.
 */
export function messagePage(brand: string, heading: string, body: string): string {
  return plainPage({
    title: documentTitle(heading, { brand, product: '' }),
    body: `<h1>${heading}</h1>\n${body}`,
  });
}
