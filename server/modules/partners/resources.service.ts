import type { Kysely } from 'kysely';
import { resourceLock } from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import { applyEvent } from './engine.service.ts';
import * as repository from './partners.repository.ts';
import * as resources from './resources.repository.ts';

/* The resource library as a partner sees it: every resource, the locked ones saying why. */

export interface PartnerResource {
  id: string;
  title: string;
  summary: string;
  type: string;
  product: string;
  minTier: string;
  /** What unlocks it, or null when the partner's tier opens it. */
  lock: string | null;
  downloads: number;
  publishedAt: string;
}

async function tierOf(db: Kysely<Database>, userId: string): Promise<string> {
  return (await repository.findMember(db, userId))?.tier ?? 'none';
}

export async function listPartnerResources(
  db: Kysely<Database>,
  userId: string,
): Promise<PartnerResource[]> {
  const tier = await tierOf(db, userId);
  return (await resources.listResources(db)).map((row) => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    type: row.resource_type,
    product: row.product,
    minTier: row.min_tier,
    lock: resourceLock(tier, row.min_tier),
    downloads: row.download_count,
    publishedAt: row.published_at,
  }));
}

/** A resource's uploaded file as its download sends it. */
export interface ResourceFileDownload {
  fileName: string;
  contentType: string;
  size: number;
  bytes: Uint8Array;
}

export type DownloadResult =
  | { ok: true; link: string }
  | { ok: true; file: ResourceFileDownload }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'locked'; message: string };

/**
 * A partner opens a resource: counted, and the first download of each resource is a programme
 * event. A resource the partner's tier does not open is refused, whatever link was used. It
 * opens its link, or sends the file an admin uploaded for it.
 */
export async function downloadResource(
  db: Kysely<Database>,
  request: { userId: string; resourceId: string; at: Date },
): Promise<DownloadResult> {
  return db.transaction().execute(async (trx) => {
    const resource = await resources.findResource(trx, request.resourceId);
    if (resource === undefined) return { ok: false, reason: 'not-found' } as const;
    const lock = resourceLock(await tierOf(trx, request.userId), resource.min_tier);
    if (lock !== null) return { ok: false, reason: 'locked', message: lock } as const;
    const file =
      resource.url === '' ? await resources.readResourceFile(trx, resource.id) : undefined;
    if (resource.url === '' && file === undefined)
      return { ok: false, reason: 'not-found' } as const;
    await resources.countDownload(trx, resource.id);
    await applyEvent(trx, {
      userId: request.userId,
      kind: 'resource-downloaded',
      sourceEvent: `resource:${request.userId}:${resource.id}`,
      subject: resource.title,
      occurredAt: request.at,
    });
    if (file === undefined) return { ok: true, link: resource.url } as const;
    return {
      ok: true,
      file: {
        fileName: file.file_name,
        contentType: file.content_type,
        size: file.size,
        bytes: file.bytes,
      },
    } as const;
  });
}
