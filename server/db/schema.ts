import type { Insertable, Selectable } from 'kysely';

/*
 * Times are ISO-8601 UTC strings in text columns on both dialects, so rows read back
 * identically from SQLite and PostgreSQL (see docs/decisions/002-data-layer.md).
 */

export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export type AppSetting = Selectable<AppSettingTable>;
export type NewAppSetting = Insertable<AppSettingTable>;

export interface Database {
  app_setting: AppSettingTable;
}
