/** What the admins' status page reads of the portal's parts (server/portal-status.ts). */
export interface PortalStatusView {
  version: string;
  node: string;
  startedAt: string;
  database: { dialect: string; pendingMigrations: string[] };
  search: { provider: string; documents: number };
  jobs: Partial<Record<string, number>>;
  mail: { transport: string; waiting: number; sent: number; failed: number };
}
