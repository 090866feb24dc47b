import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  checkResourceForm,
  RESOURCE_TYPES,
  tierDefinitionOf,
  type ResourceForm,
  type ResourceFormText,
} from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import * as configuration from './admin-configuration.repository.ts';
import type { AdminChange } from './admin.service.ts';
import { indexResource } from './resource-search.ts';

/* The admins' partner resource library (docs/partner-programme.md). */

export async function resourcesForAdmin(db: Kysely<Database>) {
  const rows = await configuration.listAllResources(db);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    type: row.resource_type,
    typeLabel: RESOURCE_TYPES.find((type) => type.value === row.resource_type)?.label ?? '',
    product: row.product,
    minTier: row.min_tier,
    minTierLabel: tierDefinitionOf(row.min_tier)?.label ?? 'Starter',
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

/** A resource in the library from now; its id comes from the form's key, so a resent form adds one. */
export async function addResource(
  db: Kysely<Database>,
  form: ResourceFormText & { requestKey: string; at: Date },
): Promise<AdminChange> {
  const checked = checkResourceForm(form);
  if (!checked.ok) return checked;
  const key = createHash('sha256').update(form.requestKey).digest('hex').slice(0, 20);
  const id = `partnerResource-${key}`;
  await db.transaction().execute(async (trx) => {
    await configuration.insertResourceOnce(trx, {
      id,
      ...columns(checked.value),
      download_count: 0,
      published_at: form.at.toISOString(),
      retired_at: null,
    });
    await indexResource(trx, id);
  });
  return { ok: true };
}

export async function editResource(
  db: Kysely<Database>,
  resourceId: string,
  form: ResourceFormText,
): Promise<AdminChange> {
  const checked = checkResourceForm(form);
  if (!checked.ok) return checked;
  const updated = await db.transaction().execute(async (trx) => {
    if (!(await configuration.updateResource(trx, resourceId, columns(checked.value))))
      return false;
    await indexResource(trx, resourceId);
    return true;
  });
  return updated
    ? { ok: true }
    : { ok: false, message: 'This resource is not in the library any more.' };
}

/** Out of the library, the site search and downloads; its downloads stay counted. */
export async function retireResource(db: Kysely<Database>, resourceId: string, at: Date) {
  await db.transaction().execute(async (trx) => {
    await configuration.retireResource(trx, resourceId, at.toISOString());
    await indexResource(trx, resourceId);
  });
}
