import type { ChangeCounts, SyncReport } from '../learning.service.ts';

function counts(label: string, changes: ChangeCounts): string {
  return `${label}: ${changes.created} created, ${changes.updated} updated, ${changes.unchanged} unchanged, ${changes.removed} removed`;
}

/** The lines a sync ends with: every bad record by id and reason, or what changed and is stored. */
export function formatSyncReport(report: SyncReport): string[] {
  if (!report.ok) {
    const n = report.problems.length;
    return [
      ...report.problems.map((problem) => `${problem.id}: ${problem.reason}`),
      `${n} bad record${n === 1 ? '' : 's'}: nothing was changed.`,
    ];
  }
  const { stored } = report;
  return [
    counts('items', report.items),
    counts('certifications', report.certifications),
    `Stored: ${stored.items} items, ${stored.sessions} sessions, ${stored.nextClasses} next class dates, ${stored.certifications} certifications.`,
  ];
}
