import { httpsAddress, refuse, type AdminFormResult } from './programme-admin.ts';
import { RESOURCE_TYPES, type ResourceType } from './resources.ts';
import { parsePartnerTier, type RankedPartnerTier } from './tiers.ts';

/*
 * The admins' resource form (docs/partner-programme.md). A resource is a link: a file the
 * portal serves under /resource/partners/, or a page elsewhere over https.
 */

export interface ResourceForm {
  title: string;
  summary: string;
  type: ResourceType;
  product: string;
  minTier: RankedPartnerTier;
  url: string;
}

const PORTAL_FILE = /^\/resource\/partners\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The link a resource opens: a portal file's path or an https address; undefined otherwise. */
export function resourceLink(text: string): string | undefined {
  const link = text.trim();
  if (link.length > 500) return undefined;
  if (PORTAL_FILE.test(link) && !link.includes('..')) return link;
  return httpsAddress(link);
}

/** The resource form as sent: every field as typed. */
export type ResourceFormText = { [Field in keyof ResourceForm]: string };

export function checkResourceForm(form: ResourceFormText): AdminFormResult<ResourceForm> {
  const title = form.title.trim();
  const summary = form.summary.trim();
  const product = form.product.trim();
  if (title === '' || title.length > 120)
    return refuse('title', 'Give the resource a title of up to 120 characters.');
  if (summary === '' || summary.length > 300)
    return refuse('summary', 'Say what the resource is in up to 300 characters.');
  const type = RESOURCE_TYPES.find((known) => known.value === form.type);
  if (type === undefined) return refuse('type', 'Choose the kind of resource.');
  if (product === '' || product.length > 60)
    return refuse('product', 'Name the product it is for, up to 60 characters.');
  const minTier = parsePartnerTier(form.minTier);
  if (minTier === undefined || minTier === 'none')
    return refuse('minTier', 'Choose the lowest tier that opens it.');
  const url = resourceLink(form.url);
  if (url === undefined)
    return refuse(
      'url',
      'Enter a file of the portal, like /resource/partners/guide.pdf, or an address starting https://.',
    );
  return { ok: true, value: { title, summary, type: type.value, product, minTier, url } };
}
