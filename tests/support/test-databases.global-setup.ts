import type { TestProject } from 'vitest/node';
import { ensurePostgresTemplate, ensureSqliteTemplate } from './database-templates.ts';
import { runsDialect } from './test-dialects.ts';

/** The migrated templates the suites copy their databases from (dialects.ts). */
export interface ProvidedTemplates {
  sqlite: string;
  /** When TEST_DATABASE_URL is set: the template database on that server. */
  postgres?: { url: string; template: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    portalTestTemplates?: ProvidedTemplates;
  }
}

/**
 * Makes the templates once, before any test file runs, so no worker waits on another to build
 * them. Optional: without it each test file finds or makes them itself.
 */
export default async function setup(project: TestProject): Promise<void> {
  const url = runsDialect('postgres') ? process.env.TEST_DATABASE_URL : undefined;
  const [sqlite, template] = await Promise.all([
    ensureSqliteTemplate(),
    url ? ensurePostgresTemplate(url) : undefined,
  ]);
  project.provide('portalTestTemplates', {
    sqlite,
    ...(url && template ? { postgres: { url, template } } : {}),
  });
}
