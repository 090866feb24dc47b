import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import {
  optimizeSearchIndex,
  removeSearchDocument,
  saveSearchDocument,
} from '~server/modules/search';
import * as store from '../content-import.repository.ts';
import { readContentDirectory, type ContentIssue } from './content-files.ts';
import { planContent, type ContentPlan } from './content-rows.ts';
import { validateContent } from './content-validate.ts';
import type { PlanSettings, SearchDocumentRow } from './planned-items.ts';

export type ImportKind = store.StoredKind;

/** The kinds in the order they are written: what an item refers to is written before it. */
export const IMPORT_KINDS: readonly ImportKind[] = [
  'media',
  'topics',
  'articles',
  'guides',
  'glossary',
  'apps',
  'pages',
];

export interface KindCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** Stored items with no file: removed with `prune`, otherwise kept and counted here. */
  removed: number;
  kept: number;
}

export interface ImportReport {
  ok: boolean;
  dryRun: boolean;
  issues: ContentIssue[];
  counts: Record<ImportKind, KindCounts>;
}

export interface ImportOptions extends PlanSettings {
  dryRun?: boolean;
  /** Remove stored items that have no file in the folder. */
  prune?: boolean;
  now?: Date;
  /** Told how far the writing has got, once per item. */
  onProgress?: (done: number, total: number) => void;
}

function zeroCounts(): Record<ImportKind, KindCounts> {
  return Object.fromEntries(
    IMPORT_KINDS.map((kind) => [
      kind,
      { created: 0, updated: 0, unchanged: 0, removed: 0, kept: 0 },
    ]),
  ) as Record<ImportKind, KindCounts>;
}

interface Step {
  kind: ImportKind;
  run: () => Promise<void>;
}

/**
 * Imports a content folder: validates every file, then writes every change in one
 * transaction. Items are matched on their slug or url name, and an item whose hash is
 * unchanged is not written at all. Any invalid file means nothing is written.
 */
export async function importContent(
  db: Kysely<Database>,
  directory: string,
  options: ImportOptions,
): Promise<ImportReport> {
  const dryRun = options.dryRun ?? false;
  const counts = zeroCounts();
  const read = await readContentDirectory(directory);
  const validated = validateContent(read.source, read.issues);
  if (!validated.content) return { ok: false, dryRun, issues: validated.issues, counts };

  const plan = planContent(validated.content, options);
  const now = (options.now ?? new Date()).toISOString();

  const apply = async (trx: Kysely<Database>) => {
    const stored = await store.listStoredItems(trx);
    const steps = planSteps(trx, plan, stored, counts, now, options.prune ?? false);
    const labelsChanged =
      JSON.stringify(await store.listCatalogueLabels(trx)) !==
      JSON.stringify(sortedLabels(plan.labels));
    if (dryRun) return;
    if (labelsChanged) await store.replaceCatalogueLabels(trx, plan.labels);
    for (const [index, step] of steps.entries()) {
      await step.run();
      options.onProgress?.(index + 1, steps.length);
    }
  };
  if (dryRun) await apply(db);
  else {
    await db.transaction().execute(apply);
    await optimizeSearchIndex(db);
  }
  return { ok: true, dryRun, issues: [], counts };
}

function sortedLabels(labels: ContentPlan['labels']): ContentPlan['labels'] {
  return [...labels].sort((a, b) =>
    a.kind === b.kind ? a.position - b.position : a.kind < b.kind ? -1 : 1,
  );
}

/** Compares the plan with what is stored, counts the outcome, and lists the writes to make. */
function planSteps(
  trx: Kysely<Database>,
  plan: ContentPlan,
  stored: Record<ImportKind, store.StoredItem[]>,
  counts: Record<ImportKind, KindCounts>,
  now: string,
  prune: boolean,
): Step[] {
  const writes: Step[] = [];
  const removals: Step[] = [];
  const compare = <T extends { key: string; hash: string }>(
    kind: ImportKind,
    planned: T[],
    write: (item: T) => Promise<void>,
    remove: (item: store.StoredItem) => Promise<void>,
  ) => {
    const byKey = new Map(stored[kind].map((item) => [item.key, item]));
    for (const item of planned) {
      const existing = byKey.get(item.key);
      if (existing?.hash === item.hash) {
        counts[kind].unchanged += 1;
        continue;
      }
      counts[kind][existing ? 'updated' : 'created'] += 1;
      writes.push({ kind, run: () => write(item) });
    }
    const wanted = new Set(planned.map((item) => item.key));
    for (const item of stored[kind]) {
      if (wanted.has(item.key)) continue;
      if (!prune) {
        counts[kind].kept += 1;
        continue;
      }
      counts[kind].removed += 1;
      removals.push({ kind, run: () => remove(item) });
    }
  };

  // An item and its search document change together, in the import's transaction.
  const indexed =
    <T extends { searchDocument?: SearchDocumentRow }>(write: (item: T) => Promise<void>) =>
    async (item: T) => {
      await write(item);
      if (item.searchDocument) {
        await saveSearchDocument(trx, { ...item.searchDocument, updated_at: now });
      }
    };
  const removeIndexed = (kind: store.IndexedKind) => async (item: store.StoredItem) => {
    await store.deleteItem(trx, kind, item.id);
    await removeSearchDocument(trx, item.id);
  };

  compare(
    'media',
    plan.media,
    (item) => store.upsertMedia(trx, item, now),
    (item) => store.deleteMedia(trx, item.key),
  );
  compare(
    'topics',
    plan.topics,
    indexed((item) => store.upsertTopic(trx, item, now)),
    removeIndexed('topics'),
  );
  compare(
    'articles',
    plan.articles,
    indexed((item) => store.upsertArticle(trx, item, now)),
    removeIndexed('articles'),
  );
  compare(
    'guides',
    plan.guides,
    indexed((item) => store.upsertGuide(trx, item, now)),
    removeIndexed('guides'),
  );
  compare(
    'glossary',
    plan.glossary,
    indexed((item) => store.upsertGlossaryEntry(trx, item, now)),
    removeIndexed('glossary'),
  );
  compare(
    'apps',
    plan.apps,
    indexed((item) => store.upsertMarketplaceApp(trx, item, now)),
    removeIndexed('apps'),
  );
  compare(
    'pages',
    plan.pages,
    (item) => store.upsertLandingPage(trx, item, now),
    (item) => store.deleteLandingPage(trx, item.key),
  );

  // Removals run last and in reverse order: pages before the guides they list, and so on.
  return [...writes, ...removals.reverse()];
}
