import type { Migration, MigrationProvider } from 'kysely';
import { appSetting } from './0001-app-setting.ts';

/*
 * Migrations are imported statically rather than read from a folder, so the same set
 * runs under tsx, Vitest and the compiled build. Kysely applies them in name order.
 */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001-app-setting': appSetting,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
};
