import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  additionSummary,
  checkResourceForm,
  editSummary,
  RETIREMENT_SUMMARY,
  RESOURCE_TYPES,
  tierDefinitionOf,
  type ResourceForm,
  type ResourceFormText,
} from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import * as configuration from './admin-configuration.repository.ts';
import type { AdminChange } from './admin.service.ts';
import { recordChange, type ChangeAuthor } from './configuration-changes.service.ts';
import type { PartnerResourceTable } from './partners.tables.ts';
import { findResource } from './resources.repository.ts';
import { indexResource } from './resource-search.ts';

/* The admins' partner resource library (docs/partner-programme.md). */

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
  url: value.url,
});

const RESOURCE_LABELS = {
  title: 'Title',
  summary: 'Summary',
  type: 'Type',
  product: 'Product',
  minTier: 'Lowest tier',
  url: 'File or link',
} as const;

const shownResource = (
  resource: Pick<
    PartnerResourceTable,
    'title' | 'summary' | 'resource_type' | 'product' | 'min_tier' | 'url'
  >,
) => ({
  title: resource.title,
  summary: resource.summary,
  type: typeLabel(resource.resource_type),
  product: resource.product,
  minTier: tierLabel(resource.min_tier),
  url: resource.url,
});

/** A resource in the library from now; its id comes from the form's key, so a resent form adds one. */
export async function addResource(
  db: Kysely<Database>,
  form: ResourceFormText & { requestKey: string },
  by: ChangeAuthor,
): Promise<AdminChange> {
  const checked = checkResourceForm(form);
  if (!checked.ok) return checked;
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
    await indexResource(trx, id);
    await recordChange(
      trx,
      by,
      { kind: 'resource', id, name: resource.title },
      additionSummary(RESOURCE_LABELS, shownResource(resource)),
    );
  });
  return { ok: true };
}

const GONE = { ok: false, message: 'This resource is not in the library any more.' } as const;

export async function editResource(
  db: Kysely<Database>,
  resourceId: string,
  form: ResourceFormText,
  by: ChangeAuthor,
): Promise<AdminChange> {
  const checked = checkResourceForm(form);
  if (!checked.ok) return checked;
  const resource = columns(checked.value);
  return db.transaction().execute(async (trx) => {
    await configuration.holdRows(trx, 'partner_resource', resourceId);
    const before = await findResource(trx, resourceId);
    if (before === undefined) return GONE;
    await configuration.updateResource(trx, resourceId, resource);
    await indexResource(trx, resourceId);
    await recordChange(
      trx,
      by,
      { kind: 'resource', id: resourceId, name: resource.title },
      editSummary(RESOURCE_LABELS, shownResource(before), shownResource(resource)),
    );
    return { ok: true } as const;
  });
}

/** Out of the library, the site search and downloads; its downloads stay counted. */
export async function retireResource(db: Kysely<Database>, resourceId: string, by: ChangeAuthor) {
  await db.transaction().execute(async (trx) => {
    const resource = await findResource(trx, resourceId);
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
