import type { Kysely } from 'kysely';
import { tableCsv } from '~core/insight';
import {
  CONFIGURATION_CHANGES_PAGE_SIZE,
  configurationSubjectLabel,
  type ConfigurationSubject,
} from '~core/partner';
import { newRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import { listUserSummaries } from '~server/modules/identity';
import * as changes from './configuration-changes.repository.ts';

/*
 * The record of who changed the programme's configuration (docs/partner-programme.md). Every
 * admin write appends its entry in its own transaction, so the entry and the change are kept
 * or lost together; a write that changed nothing has an empty summary and is not recorded.
 */

/** Who makes a configuration change, and when. */
export interface ChangeAuthor {
  adminId: string;
  at: Date;
}

/** The thing changed: its kind, its key, and its name as the admins know it. */
export interface ChangedThing {
  kind: ConfigurationSubject;
  id: string;
  name: string;
}

/** Appends the entry in the caller's transaction, unless the summary says nothing changed. */
export async function recordChange(
  trx: Kysely<Database>,
  by: ChangeAuthor,
  thing: ChangedThing,
  summary: string,
): Promise<void> {
  if (summary === '') return;
  await changes.insertChange(trx, {
    id: newRecordId('partnerConfigurationChange'),
    changed_at: by.at.toISOString(),
    changed_by: by.adminId,
    subject_kind: thing.kind,
    subject_id: thing.id,
    subject_name: thing.name,
    summary,
  });
}

export interface ConfigurationChangeView {
  id: string;
  changedAt: string;
  admin: string;
  adminEmail: string | null;
  kind: string;
  kindLabel: string;
  name: string;
  summary: string;
}

async function viewsOf(
  db: Kysely<Database>,
  rows: Awaited<ReturnType<typeof changes.listChanges>>,
): Promise<ConfigurationChangeView[]> {
  const people = await listUserSummaries(db, [...new Set(rows.map((row) => row.changed_by))]);
  return rows.map((row) => {
    const person = people.find((candidate) => candidate.id === row.changed_by);
    return {
      id: row.id,
      changedAt: row.changed_at,
      admin: person ? `${person.firstName} ${person.lastName}`.trim() : 'An unknown admin',
      adminEmail: person?.email ?? null,
      kind: row.subject_kind,
      kindLabel: configurationSubjectLabel(row.subject_kind),
      name: row.subject_name,
      summary: row.summary,
    };
  });
}

/** One page of the record, newest first, of one kind or all, with how many pages there are. */
export async function configurationChanges(
  db: Kysely<Database>,
  filter: { kind: ConfigurationSubject | undefined; page: number },
) {
  const [rows, total] = await Promise.all([
    changes.listChanges(db, {
      kind: filter.kind,
      limit: CONFIGURATION_CHANGES_PAGE_SIZE,
      offset: (filter.page - 1) * CONFIGURATION_CHANGES_PAGE_SIZE,
    }),
    changes.countChanges(db, filter.kind),
  ]);
  return { entries: await viewsOf(db, rows), total };
}

/** The newest entries a download holds at most. */
export const CONFIGURATION_CHANGES_CSV_LIMIT = 10_000;

/** The record as CSV, newest first, of one kind or all. */
export async function configurationChangesCsv(
  db: Kysely<Database>,
  kind: ConfigurationSubject | undefined,
): Promise<string> {
  const rows = await changes.listChanges(db, {
    kind,
    limit: CONFIGURATION_CHANGES_CSV_LIMIT,
    offset: 0,
  });
  const entries = await viewsOf(db, rows);
  return tableCsv({
    id: 'partner-configuration-changes',
    title: 'Partner programme configuration changes',
    columns: ['When (UTC)', 'Admin', 'Admin e-mail', 'Kind', 'Which', 'Change'],
    rows: entries.map((entry) => [
      entry.changedAt.slice(0, 19).replace('T', ' '),
      entry.admin,
      entry.adminEmail ?? '',
      entry.kindLabel,
      entry.name,
      entry.summary,
    ]),
  });
}
