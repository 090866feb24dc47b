import {
  attachmentKindOf,
  attachmentName,
  attachmentSize,
  extensionOf,
  type IncomingAttachment,
} from '../validation/index.ts';
import { httpsAddress, refuse, type AdminFormResult } from './programme-admin.ts';
import { RESOURCE_TYPES, type ResourceType } from './resources.ts';
import { parsePartnerTier, type RankedPartnerTier } from './tiers.ts';

/*
 * The admins' resource form (docs/partner-programme.md). A resource opens a link (a file the
 * portal serves under /resource/partners/, or a page elsewhere over https) or a file an admin
 * uploaded, which partners download through the library.
 */

export interface ResourceForm {
  title: string;
  summary: string;
  type: ResourceType;
  product: string;
  minTier: RankedPartnerTier;
  /** The link, or null for a resource whose file was uploaded. */
  url: string | null;
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

/**
 * Whether the form brings a file ('sent'), the resource has an uploaded file that stays unless
 * a link replaces it ('kept'), or neither.
 */
export type ResourceFileState = 'sent' | 'kept' | 'none';

/** The uploaded file's input; a refusal of the file is said there. */
export const RESOURCE_FILE_FIELD = 'file';

export function checkResourceForm(
  form: ResourceFormText,
  file: ResourceFileState,
): AdminFormResult<ResourceForm> {
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
  const value = { title, summary, type: type.value, product, minTier };
  if (form.url.trim() === '') {
    if (file !== 'none') return { ok: true, value: { ...value, url: null } };
    return refuse(
      'url',
      'Enter a file of the portal, like /resource/partners/guide.pdf, or an address starting https://, or upload a file.',
    );
  }
  if (file === 'sent')
    return refuse('url', 'Give a link or upload a file, not both: empty the link to use the file.');
  const url = resourceLink(form.url);
  if (url === undefined)
    return refuse(
      'url',
      'Enter a file of the portal, like /resource/partners/guide.pdf, or an address starting https://.',
    );
  return { ok: true, value: { ...value, url } };
}

/** Past this an uploaded file is refused: a bigger one is better hosted and linked. */
export const RESOURCE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** An uploaded file as the library keeps it. */
export interface ResourceFileKind {
  fileName: string;
  contentType: string;
}

/**
 * A file an admin uploads for a resource: PDF, image or text (like CSV), told by its first
 * bytes as case attachments are, with a name that says the same type, up to 10 MB.
 */
export function checkResourceFile(file: IncomingAttachment): AdminFormResult<ResourceFileKind> {
  const fileName = attachmentName(file.fileName);
  if (file.tooLarge === true || file.size > RESOURCE_FILE_MAX_BYTES)
    return refuse(
      RESOURCE_FILE_FIELD,
      `${fileName} is larger than ${attachmentSize(RESOURCE_FILE_MAX_BYTES)}: upload a smaller file, or give a link to it.`,
    );
  if (file.size === 0) return refuse(RESOURCE_FILE_FIELD, `${fileName} is empty.`);
  const kind = attachmentKindOf(file.head);
  if (kind === undefined)
    return refuse(
      RESOURCE_FILE_FIELD,
      `${fileName} is not a file type the library takes: upload a PDF, an image (PNG, JPEG, GIF, WebP) or a text file such as CSV, or give a link to it.`,
    );
  if (!kind.extensions.includes(extensionOf(fileName)))
    return refuse(
      RESOURCE_FILE_FIELD,
      `${fileName} is a ${kind.label} by its content, which its name does not say: rename it to end in .${kind.extensions[0]}.`,
    );
  return { ok: true, value: { fileName, contentType: kind.contentType } };
}
