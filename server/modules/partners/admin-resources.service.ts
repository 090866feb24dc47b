import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { attachmentSize, type IncomingAttachment } from '~core/validation';
import {
  additionSummary,
  checkResourceFile,
  checkResourceForm,
  editSummary,
  RETIREMENT_SUMMARY,
  RESOURCE_TYPES,
  tierDefinitionOf,
  type ResourceFileKind,
  type ResourceFileState,
  type ResourceForm,
  type ResourceFormText,
} from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import * as configuration from './admin-configuration.repository.ts';
import type { AdminChange } from './admin.service.ts';
import { recordChange, type ChangeAuthor } from './configuration-changes.service.ts';
import type { PartnerResourceTable } from './partners.tables.ts';
import * as files from './resources.repository.ts';
import { indexResource } from './resource-search.ts';

/*
 * The admins' partner resource library (docs/partner-programme.md). A resource opens a link or
 * a file an admin uploaded (decision 038), kept in the database in the transaction that saves
 * the resource.
 */

/**
 * A file a resource form brought, waiting in a temporary file (the page mount's upload form,
 * decision 034) with its size, first bytes and SHA-256.
 */
export interface ResourceUpload extends IncomingAttachment {
  path: string;
  sha256: string;
}

const typeLabel = (type: string) =>
  RESOURCE_TYPES.find((known) => known.value === type)?.label ?? '';
const tierLabel = (tier: string) => tierDefinitionOf(tier)?.label ?? 'Starter';

export async function resourcesForAdmin(db: Kysely<Database>) {
  const rows = await configuration.listAllResources(db);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    type: row.resource_type,
    typeLabel: typeLabel(row.resource_type),
    product: row.product,
    minTier: row.min_tier,
    minTierLabel: tierLabel(row.min_tier),
    url: row.url,
    file:
      row.file_name === null
        ? null
        : { name: row.file_name, size: attachmentSize(Number(row.file_size)) },
    downloads: row.download_count,
    publishedAt: row.published_at,
    retired: row.retired_at !== null,
  }));
}

const columns = (value: ResourceForm) => ({
  title: value.title,
  summary: value.summary,
  resource_type: value.type,
  product: value.product,
  min_tier: value.minTier,
  // A resource whose file was uploaded has no link: the library serves the file.
  url: value.url ?? '',
});

const RESOURCE_LABELS = {
  title: 'Title',
  summary: 'Summary',
  type: 'Type',
  product: 'Product',
  minTier: 'Lowest tier',
  url: 'File or link',
} as const;

/** An uploaded file as the record names it: its name, size and the start of its SHA-256. */
const fileLabel = (file: { file_name: string; size: number; sha256: string }) =>
  `uploaded ${file.file_name}, ${attachmentSize(file.size)}, #${file.sha256.slice(0, 8)}`;

type StoredFile = Parameters<typeof fileLabel>[0];

const shownResource = (
  resource: Pick<
    PartnerResourceTable,
    'title' | 'summary' | 'resource_type' | 'product' | 'min_tier' | 'url'
  >,
  file: StoredFile | undefined,
) => ({
  title: resource.title,
  summary: resource.summary,
  type: typeLabel(resource.resource_type),
  product: resource.product,
  minTier: tierLabel(resource.min_tier),
  url: file === undefined ? resource.url : fileLabel(file),
});

type AcceptedUpload = ResourceFileKind & { upload: ResourceUpload };

/** The upload checked, or the refusal at the file's field; its bytes are read when stored. */
function checkedUpload(
  upload: ResourceUpload | undefined,
): { ok: true; file: AcceptedUpload | undefined } | (AdminChange & { ok: false }) {
  if (upload === undefined) return { ok: true, file: undefined };
  const checked = checkResourceFile(upload);
  return checked.ok ? { ok: true, file: { ...checked.value, upload } } : checked;
}

/** Keeps the uploaded file as the resource's, in the caller's transaction. */
async function storeFile(
  trx: Kysely<Database>,
  resourceId: string,
  file: AcceptedUpload,
  at: Date,
): Promise<StoredFile> {
  const bytes = await readFile(file.upload.path);
  const stored = {
    file_name: file.fileName,
    size: bytes.length,
    sha256: file.upload.sha256,
  };
  await files.saveResourceFile(trx, {
    resource_id: resourceId,
    ...stored,
    content_type: file.contentType,
    bytes,
    uploaded_at: at.toISOString(),
  });
  return stored;
}

/**
 * A resource in the library from now, opening its link or the file uploaded with it; its id
 * comes from the form's key, so a resent form adds one.
 */
export async function addResource(
  db: Kysely<Database>,
  form: ResourceFormText & { requestKey: string },
  by: ChangeAuthor,
  upload?: ResourceUpload,
): Promise<AdminChange> {
  const checked = checkResourceForm(form, upload === undefined ? 'none' : 'sent');
  if (!checked.ok) return checked;
  const sent = checkedUpload(upload);
  if (!sent.ok) return sent;
  const key = createHash('sha256').update(form.requestKey).digest('hex').slice(0, 20);
  const id = `partnerResource-${key}`;
  const resource = columns(checked.value);
  await db.transaction().execute(async (trx) => {
    const added = await configuration.insertResourceOnce(trx, {
      id,
      ...resource,
      download_count: 0,
      published_at: by.at.toISOString(),
      retired_at: null,
    });
    if (!added) return;
    const file = sent.file ? await storeFile(trx, id, sent.file, by.at) : undefined;
    await indexResource(trx, id);
    await recordChange(
      trx,
      by,
      { kind: 'resource', id, name: resource.title },
      additionSummary(RESOURCE_LABELS, shownResource(resource, file)),
    );
  });
  return { ok: true };
}

const GONE = { ok: false, message: 'This resource is not in the library any more.' } as const;

/**
 * Changes a resource in the library. A file sent replaces the one it had, or its link; a link
 * typed replaces its file; with neither, an uploaded file stays.
 */
export async function editResource(
  db: Kysely<Database>,
  resourceId: string,
  form: ResourceFormText,
  by: ChangeAuthor,
  upload?: ResourceUpload,
): Promise<AdminChange> {
  const sent = checkedUpload(upload);
  if (!sent.ok) return sent;
  return db.transaction().execute(async (trx) => {
    await configuration.holdRows(trx, 'partner_resource', resourceId);
    const before = await files.findResource(trx, resourceId);
    if (before === undefined) return GONE;
    const kept = await files.findResourceFile(trx, resourceId);
    const state: ResourceFileState = sent.file ? 'sent' : kept ? 'kept' : 'none';
    const checked = checkResourceForm(form, state);
    if (!checked.ok) return checked;
    const resource = columns(checked.value);
    await configuration.updateResource(trx, resourceId, resource);
    let file: StoredFile | undefined = checked.value.url === null ? kept : undefined;
    if (sent.file) file = await storeFile(trx, resourceId, sent.file, by.at);
    else if (kept && file === undefined) await files.removeResourceFile(trx, resourceId);
    await indexResource(trx, resourceId);
    await recordChange(
      trx,
      by,
      { kind: 'resource', id: resourceId, name: resource.title },
      editSummary(RESOURCE_LABELS, shownResource(before, kept), shownResource(resource, file)),
    );
    return { ok: true } as const;
  });
}

/** Out of the library, the site search and downloads; its downloads stay counted. */
export async function retireResource(db: Kysely<Database>, resourceId: string, by: ChangeAuthor) {
  await db.transaction().execute(async (trx) => {
    const resource = await files.findResource(trx, resourceId);
    if (!(await configuration.retireResource(trx, resourceId, by.at.toISOString()))) return;
    await indexResource(trx, resourceId);
    await recordChange(
      trx,
      by,
      { kind: 'resource', id: resourceId, name: resource?.title ?? resourceId },
      RETIREMENT_SUMMARY,
    );
  });
}
