import type { ImportKind, ImportReport } from './content-import.ts';
import { IMPORT_KINDS } from './content-import.ts';

const KIND_LABEL: Readonly<Record<ImportKind, string>> = {
  media: 'media files',
  topics: 'topics',
  articles: 'articles',
  guides: 'guides',
  glossary: 'glossary entries',
  apps: 'marketplace apps',
  pages: 'landing pages',
};

/** The lines an import ends with: every problem, or what changed per kind of item. */
export function formatImportReport(report: ImportReport): string[] {
  if (!report.ok) {
    const files = new Set(report.issues.map((issue) => issue.path)).size;
    return [
      ...report.issues.map((issue) => `${issue.path}: ${issue.field} ${issue.reason}`),
      `${report.issues.length} problem${report.issues.length === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}: nothing was imported.`,
    ];
  }
  const lines = IMPORT_KINDS.map((kind) => {
    const count = report.counts[kind];
    const parts = [
      `${count.created} created`,
      `${count.updated} updated`,
      `${count.unchanged} unchanged`,
      ...(count.removed > 0 ? [`${count.removed} removed`] : []),
      ...(count.kept > 0 ? [`${count.kept} not in the folder (kept; --prune removes them)`] : []),
    ];
    return `${KIND_LABEL[kind]}: ${parts.join(', ')}`;
  });
  return [
    ...lines,
    report.dryRun ? 'Dry run: the content is valid; nothing was written.' : 'Content imported.',
  ];
}
