import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  checkCertification,
  checkItem,
  learningSearchType,
  nextClassDates,
  type CertificationRecord,
  type CheckedCatalogue,
  type LearningItemRecord,
  type RecordProblem,
} from '~core/learning';
import { stableRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import {
  optimizeSearchIndex,
  removeSearchDocument,
  saveSearchDocument,
} from '~server/modules/search';
import { learningSearchDocument } from './learning-documents.ts';
import * as store from './learning.repository.ts';
import { DELIVERY_TOLERANCE_MS } from './learning-webhook.ts';

export const learningIds = {
  item: (platformId: string) => stableRecordId('learningItem', platformId),
  session: (platformId: string) => stableRecordId('learningSession', platformId),
  certification: (platformId: string) => stableRecordId('certification', platformId),
};

export interface LearningSettings {
  learningBaseUrl: string;
}

export interface ChangeCounts {
  created: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface SyncReport {
  ok: boolean;
  items: ChangeCounts;
  certifications: ChangeCounts;
  /** What the database holds once the sync is over. */
  stored: store.StoredCounts;
  problems: RecordProblem[];
}

const noChanges = (): ChangeCounts => ({ created: 0, updated: 0, unchanged: 0, removed: 0 });

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * What a record's rows depend on: the record itself and, for a classroom, the next class dates
 * it works out to, which move on as sessions pass even when the record does not change.
 */
function itemHash(item: LearningItemRecord, asOf: string, settings: LearningSettings): string {
  return hashOf({ item, nextClass: nextClassDates(item, asOf), base: settings.learningBaseUrl });
}

async function writeItem(
  db: Kysely<Database>,
  item: LearningItemRecord,
  hash: string,
  context: { asOf: string; now: string; settings: LearningSettings },
): Promise<void> {
  const id = learningIds.item(item.id);
  const type = learningSearchType(item);
  const nextClass = nextClassDates(item, context.asOf);
  await store.saveItem(
    db,
    {
      id,
      platform_id: item.id,
      kind: item.type,
      format: type.contentType,
      delivery: item.delivery ?? null,
      title: item.title,
      description: item.description,
      audience: JSON.stringify(item.audience),
      products: JSON.stringify(item.products),
      duration_minutes: item.durationMinutes,
      featured: item.featured ? 1 : 0,
      on_demand: item.onDemand ? 1 : 0,
      content_hash: hash,
      created_at: context.now,
      updated_at: context.now,
    },
    item.sessions.map((session) => ({
      id: learningIds.session(session.id),
      platform_id: session.id,
      item_id: id,
      starts_at: session.startsAt,
      time_zone: session.timeZone,
      region: session.region,
      duration_minutes: session.durationMinutes ?? item.durationMinutes,
      location: session.location ?? null,
    })),
    Object.entries(nextClass).map(([region, date]) => ({
      item_id: id,
      region,
      class_date: date,
    })),
  );
  await saveSearchDocument(
    db,
    learningSearchDocument(id, item, { ...context.settings, asOf: context.asOf, now: context.now }),
  );
}

async function writeCertification(
  db: Kysely<Database>,
  certification: CertificationRecord,
  hash: string,
  now: string,
): Promise<void> {
  await store.saveCertification(db, {
    id: learningIds.certification(certification.id),
    platform_id: certification.id,
    user_email: certification.userEmail,
    name: certification.name,
    earned_on: certification.earnedOn,
    expires_on: certification.expiresOn,
    badge_url: certification.badgeUrl,
    content_hash: hash,
    updated_at: now,
  });
}

export interface SyncOptions {
  now?: Date;
  onProgress?: (done: number, total: number) => void;
}

/**
 * Applies a whole catalogue export in one transaction: items and certifications are created,
 * updated or left alone by their hash, and those the export no longer lists are removed, with
 * their search documents. An export with any bad record changes nothing.
 */
export async function syncCatalogue(
  db: Kysely<Database>,
  catalogue: CheckedCatalogue,
  settings: LearningSettings,
  options: SyncOptions = {},
): Promise<SyncReport> {
  const items = noChanges();
  const certifications = noChanges();
  if (catalogue.problems.length > 0) {
    return {
      ok: false,
      items,
      certifications,
      stored: await store.countRows(db),
      problems: catalogue.problems,
    };
  }
  const now = (options.now ?? new Date()).toISOString();
  const asOf = catalogue.exportedAt;
  const total = catalogue.items.length + catalogue.certifications.length;
  let done = 0;
  const step = () => options.onProgress?.(++done, total);
  const stored = await db.transaction().execute(async (trx) => {
    const knownItems = new Map(
      (await store.listItemHashes(trx)).map((known) => [known.platformId, known]),
    );
    for (const item of catalogue.items) {
      const hash = itemHash(item, asOf, settings);
      const known = knownItems.get(item.id);
      knownItems.delete(item.id);
      if (known?.contentHash === hash) items.unchanged += 1;
      else {
        await writeItem(trx, item, hash, { asOf, now, settings });
        items[known ? 'updated' : 'created'] += 1;
      }
      step();
    }
    const gone = [...knownItems.values()].map((known) => known.id);
    await store.deleteItems(trx, gone);
    for (const id of gone) await removeSearchDocument(trx, id);
    items.removed = gone.length;

    const knownCertifications = new Map(
      (await store.listCertificationHashes(trx)).map((known) => [known.platformId, known]),
    );
    for (const certification of catalogue.certifications) {
      const hash = hashOf(certification);
      const known = knownCertifications.get(certification.id);
      knownCertifications.delete(certification.id);
      if (known?.contentHash === hash) certifications.unchanged += 1;
      else {
        await writeCertification(trx, certification, hash, now);
        certifications[known ? 'updated' : 'created'] += 1;
      }
      step();
    }
    const expired = [...knownCertifications.values()].map((known) => known.id);
    await store.deleteCertifications(trx, expired);
    certifications.removed = expired.length;
    return store.countRows(trx);
  });
  await optimizeSearchIndex(db);
  return { ok: true, items, certifications, stored, problems: [] };
}

/**
 * Told, in the delivery's transaction, of a certification the platform reports for the first
 * time: the composition root hands the partner programme in, which this module does not know.
 */
export type CertificationListener = (
  trx: Kysely<Database>,
  certification: { platformId: string; userEmail: string; name: string; earnedOn: string },
) => Promise<void>;

export type WebhookOutcome =
  | {
      ok: true;
      kind: 'item' | 'certification';
      id: string;
      /** 'duplicate': this delivery was applied before, and is not applied again. */
      change: 'created' | 'updated' | 'unchanged' | 'duplicate';
    }
  | { ok: false; problem: RecordProblem };

/**
 * One record from the platform's webhook: an item (next class dates reckoned from now) or a
 * certification, written with its search document in one transaction.
 */
export async function applyWebhookRecord(
  db: Kysely<Database>,
  record: { item: unknown } | { certification: unknown },
  settings: LearningSettings,
  now: Date = new Date(),
  deliveryId?: string,
  certificationPassed?: CertificationListener,
): Promise<WebhookOutcome> {
  const at = now.toISOString();
  // Claimed in the record's own transaction: a delivery that fails to apply can come again.
  const firstDelivery = async (trx: Kysely<Database>) =>
    deliveryId === undefined ||
    store.claimWebhookDelivery(
      trx,
      deliveryId,
      at,
      new Date(now.getTime() - 2 * DELIVERY_TOLERANCE_MS).toISOString(),
    );
  if ('item' in record) {
    const checked = checkItem(record.item);
    if (!checked.ok) return checked;
    const item = checked.value;
    return db.transaction().execute(async (trx) => {
      if (!(await firstDelivery(trx))) {
        return { ok: true, kind: 'item', id: item.id, change: 'duplicate' } as const;
      }
      const hash = itemHash(item, at, settings);
      const known = await store.findItemHash(trx, item.id);
      if (known?.contentHash === hash) {
        return { ok: true, kind: 'item', id: item.id, change: 'unchanged' } as const;
      }
      await writeItem(trx, item, hash, { asOf: at, now: at, settings });
      return {
        ok: true,
        kind: 'item',
        id: item.id,
        change: known ? 'updated' : 'created',
      } as const;
    });
  }
  const checked = checkCertification(record.certification);
  if (!checked.ok) return checked;
  const certification = checked.value;
  return db.transaction().execute(async (trx) => {
    if (!(await firstDelivery(trx))) {
      return {
        ok: true,
        kind: 'certification',
        id: certification.id,
        change: 'duplicate',
      } as const;
    }
    const hash = hashOf(certification);
    const known = await store.findCertificationHash(trx, certification.id);
    if (known?.contentHash === hash) {
      return {
        ok: true,
        kind: 'certification',
        id: certification.id,
        change: 'unchanged',
      } as const;
    }
    await writeCertification(trx, certification, hash, at);
    if (!known) {
      await certificationPassed?.(trx, {
        platformId: certification.id,
        userEmail: certification.userEmail,
        name: certification.name,
        earnedOn: certification.earnedOn,
      });
    }
    return {
      ok: true,
      kind: 'certification',
      id: certification.id,
      change: known ? 'updated' : 'created',
    } as const;
  });
}

export async function hasLearningCatalogue(db: Kysely<Database>): Promise<boolean> {
  return (await store.countRows(db)).items > 0;
}

export const countLearningRows = store.countRows;
