import type { SearchProviderName, SynonymRule } from '~core/search';
import type { PublicConfig } from '~core/site';

/* The portal's configuration as the server's code reads it; server/config.ts reads it from the environment. */

export const NODE_ENVIRONMENTS = ['development', 'production', 'test'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface PortalConfig extends PublicConfig {
  nodeEnv: (typeof NODE_ENVIRONMENTS)[number];
  /** Days between a confirmed account deletion and the job carrying it out. */
  accountDeletionGraceDays: number;
  /** Days raw search and answer events are kept once rolled up (docs/insight.md). */
  insightRetentionDays: number;
  /** Days after its last update that viewed content is listed as stale (docs/insight.md). */
  insightStaleAfterDays: number;
  port: number;
  host: string;
  databaseUrl: string;
  sessionSecret: string;
  dataDir: string;
  /** Where the files attached to support cases are kept (CASE_ATTACHMENTS_DIR). */
  caseAttachmentsDir: string;
  /** The help-content folder imported on first start (docs/content-import.md). */
  contentDir: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** An OpenAI-compatible model that writes generated answers; unset, they are composed. */
  llm?: LlmSettings;
  session: SessionSettings;
  signIn: SignInSettings;
  /**
   * With the built-in sign-in, a first start records a month of demo insight events and rolls
   * them up, so the dashboards show figures (DEMO_INSIGHT, default true).
   */
  demoInsight: boolean;
  /** Community e-mail: SMTP when smtpUrl is set, otherwise the local mailbox (docs/mail.md). */
  mail: { smtpUrl?: string; from: string };
  /**
   * Replies to case e-mails: the address they go to (signed per case), the inbound webhook's
   * shared secret, and the SMTP listener's port; each unset, that part is off.
   */
  caseMail: { replyAddress?: string; inboundSecret?: string; smtpPort?: number };
  /** Signs the learning platform's webhook deliveries; unset, the webhook accepts none. */
  learningWebhookSecret?: string;
  /** A catalogue export (file or URL) synced by a periodic job, every `minutes`. */
  learningSync?: { source: string; minutes: number };
  /** A JSON file of each region's hours, holidays and call calendar; unset, the demo's. */
  contactSettingsFile?: string;
  /**
   * Where rate-limit windows are counted: in this process (memory), in the database or in
   * Redis; the last two are shared by every process (docs/deployment.md).
   */
  rateLimits: { store: 'memory' } | { store: 'database' } | { store: 'redis'; redisUrl: string };
  /** How long a start waits for a database that is not up yet (0: it stops at once). */
  databaseWaitSeconds: number;
  /** SEARCH_PROVIDER; unset, the database's default provider (core/search/providers.ts). */
  searchProvider?: SearchProviderName;
  /** SEARCH_SYNONYMS_FILE's rules, in place of the built-in list. */
  searchSynonyms?: readonly SynonymRule[];
  /** How long a stopping web process keeps serving while `/ready` says it is going. */
  shutdownDrainSeconds: number;
  /**
   * Guests' pages kept per address and region: served as they are for `freshSeconds` (0: not
   * kept), and by browsers for `staleSeconds` more while they fetch a new one.
   */
  guestPageCache: { freshSeconds: number; staleSeconds: number; maxBytes: number };
}

export interface SessionSettings {
  idleTimeoutSeconds: number;
  absoluteTimeoutSeconds: number;
}

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

export interface SignInSettings {
  /** The built-in demo identity provider runs in this process (under /oidc). */
  builtInProvider: boolean;
  /** An external OpenID Connect provider; when set, the portal signs in there. */
  external?: { issuer: string; clientId: string; clientSecret?: string };
  scopes: string;
  /** Sign-in requests per minute per IP address, per endpoint. */
  rateLimitPerMinute: number;
}
