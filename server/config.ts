import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ACCOUNT_DELETION_GRACE_DAYS } from '~core/consent';
import { parseSynonymList, providerServes, SEARCH_PROVIDER_NAMES } from '~core/search';
import type { PublicConfig } from '~core/site';
import { DATABASE_URL_SHAPES, databaseDialectOf } from './db/database-url.ts';
import { LOG_LEVELS, NODE_ENVIRONMENTS, type PortalConfig } from './config-types.ts';
import { resolveSessionSecret } from './session-secret.ts';

export type { LlmSettings, PortalConfig, SessionSettings, SignInSettings } from './config-types.ts';

/** The fictional brand the embedded default runs as, so a fresh checkout is a working site. */
export const DEFAULT_BRAND = 'Ledgerleaf';
export const DEFAULT_PREFIX = 'LL';

function urlWithoutTrailingSlash(name: string) {
  return z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: `${name} must be an absolute http(s) URL`,
    })
    .transform((value) => value.replace(/\/+$/, ''));
}

function wholeSeconds(name: string, fallback: number, unit = 'second') {
  return z.coerce
    .number({ message: `${name} must be a whole number of ${unit}s` })
    .int(`${name} must be a whole number of ${unit}s`)
    .min(1, `${name} must be at least 1 ${unit}`)
    .default(fallback);
}

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => databaseDialectOf(value) !== undefined, { message: DATABASE_URL_SHAPES });

const environmentSchema = z.object({
  NODE_ENV: z.enum(NODE_ENVIRONMENTS).default('development'),
  PORT: z.coerce
    .number({ message: 'PORT must be a whole number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  SITE_URL: urlWithoutTrailingSlash('SITE_URL').optional(),
  DATABASE_URL: databaseUrl.default('sqlite:./data/portal.db'),
  BRAND: z.string().trim().min(1, 'BRAND must not be empty').default(DEFAULT_BRAND),
  PRODUCT: z.string().trim().min(1, 'PRODUCT must not be empty').optional(),
  PREFIX: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z][A-Za-z0-9]{0,9}$/,
      'PREFIX must be 1 to 10 letters or digits, starting with a letter',
    )
    .default(DEFAULT_PREFIX),
  LEARNING_BASE_URL: urlWithoutTrailingSlash('LEARNING_BASE_URL').default(
    'https://learn.ledgerleaf.example',
  ),
  APPS_HOST: urlWithoutTrailingSlash('APPS_HOST').default('https://apps.ledgerleaf.example'),
  ENVIRONMENT: z.string().trim().min(1, 'ENVIRONMENT must not be empty').default('production'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  SSO_PROVIDER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, 'SSO_PROVIDER must be letters, digits, hyphens or underscores')
    .default('portal'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  // Files attached to support cases (docs/cases.md); unset, DATA_DIR/attachments.
  CASE_ATTACHMENTS_DIR: z.string().trim().min(1).optional(),
  CONTENT_DIR: z.string().trim().min(1).default('./content'),
  SESSION_IDLE_TIMEOUT_SECONDS: wholeSeconds('SESSION_IDLE_TIMEOUT_SECONDS', 1800),
  SESSION_ABSOLUTE_TIMEOUT_SECONDS: wholeSeconds('SESSION_ABSOLUTE_TIMEOUT_SECONDS', 43200),
  BUILT_IN_SIGN_IN: z
    .enum(['true', 'false'], { message: 'BUILT_IN_SIGN_IN must be true or false' })
    .optional(),
  DEMO_INSIGHT: z
    .enum(['true', 'false'], { message: 'DEMO_INSIGHT must be true or false' })
    .default('true'),
  // Kept exactly as written: some providers' issuer identifiers end in a slash (Auth0).
  OIDC_ISSUER: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: 'OIDC_ISSUER must be an absolute http(s) URL',
    })
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_SCOPES: z.string().trim().min(1).default('openid profile email'),
  SIGN_IN_RATE_LIMIT: z.coerce
    .number({ message: 'SIGN_IN_RATE_LIMIT must be a whole number' })
    .int('SIGN_IN_RATE_LIMIT must be a whole number')
    .min(1, 'SIGN_IN_RATE_LIMIT must be at least 1')
    .default(20),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  // Generated answers (docs/answers.md): unset, answers are composed without a model.
  LLM_BASE_URL: urlWithoutTrailingSlash('LLM_BASE_URL').optional(),
  LLM_MODEL: z.string().trim().min(1, 'LLM_MODEL must not be empty').optional(),
  LLM_API_KEY: z.string().trim().min(1).optional(),
  LLM_TIMEOUT_SECONDS: wholeSeconds('LLM_TIMEOUT_SECONDS', 20),
  // Community e-mail (docs/mail.md): unset, mail goes to the local mailbox under DATA_DIR/mail.
  SMTP_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol), {
      message: 'SMTP_URL must be an smtp:// or smtps:// URL',
    })
    .optional(),
  MAIL_FROM: z.string().trim().min(3, 'MAIL_FROM must be an e-mail address').optional(),
  LEARNING_WEBHOOK_SECRET: z
    .string()
    .min(16, 'LEARNING_WEBHOOK_SECRET must be at least 16 characters')
    .optional(),
  // Background work and several processes (docs/deployment.md).
  LEARNING_SYNC_URL: z.string().trim().min(1).optional(),
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ message: 'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds' })
    .int('SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds')
    .min(0, 'SHUTDOWN_DRAIN_SECONDS must not be negative')
    .max(25, 'SHUTDOWN_DRAIN_SECONDS must be at most 25 (a stop is cut short after 30 s)')
    .default(0),
  DATABASE_WAIT_SECONDS: z.coerce
    .number({ message: 'DATABASE_WAIT_SECONDS must be a whole number of seconds' })
    .int('DATABASE_WAIT_SECONDS must be a whole number of seconds')
    .min(0, 'DATABASE_WAIT_SECONDS must not be negative')
    .default(0),
  LEARNING_SYNC_MINUTES: wholeSeconds('LEARNING_SYNC_MINUTES', 60, 'minute'),
  // Opening hours, holidays and call calendars per region (docs/contact-support.md).
  CONTACT_SETTINGS_FILE: z
    .string()
    .trim()
    .refine((path) => existsSync(path), { message: 'CONTACT_SETTINGS_FILE must name a file' })
    .optional(),
  // A synonym list replacing the built-in one (docs/search.md).
  SEARCH_SYNONYMS_FILE: z
    .string()
    .trim()
    .refine((path) => existsSync(path), { message: 'SEARCH_SYNONYMS_FILE must name a file' })
    .optional(),
  // Guests' pages shared between guests (docs/performance.md, decision 021).
  GUEST_PAGE_CACHE_SECONDS: z.coerce
    .number({ message: 'GUEST_PAGE_CACHE_SECONDS must be a whole number of seconds' })
    .int('GUEST_PAGE_CACHE_SECONDS must be a whole number of seconds')
    .min(0, 'GUEST_PAGE_CACHE_SECONDS must not be negative (0 turns the cache off)')
    .max(300, 'GUEST_PAGE_CACHE_SECONDS must be at most 300')
    .default(5),
  GUEST_PAGE_CACHE_MB: z.coerce
    .number({ message: 'GUEST_PAGE_CACHE_MB must be a whole number of megabytes' })
    .int('GUEST_PAGE_CACHE_MB must be a whole number of megabytes')
    .min(1, 'GUEST_PAGE_CACHE_MB must be at least 1')
    .default(64),
  // The days between confirming an account's deletion and carrying it out (docs/privacy.md).
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce
    .number({ message: 'ACCOUNT_DELETION_GRACE_DAYS must be a whole number of days' })
    .int('ACCOUNT_DELETION_GRACE_DAYS must be a whole number of days')
    .min(0, 'ACCOUNT_DELETION_GRACE_DAYS must not be negative (0 deletes within the hour)')
    .max(90, 'ACCOUNT_DELETION_GRACE_DAYS must be at most 90')
    .default(ACCOUNT_DELETION_GRACE_DAYS),
  // Days raw search and answer events are kept once rolled up into insight's daily figures.
  INSIGHT_RETENTION_DAYS: z.coerce
    .number({ message: 'INSIGHT_RETENTION_DAYS must be a whole number of days' })
    .int('INSIGHT_RETENTION_DAYS must be a whole number of days')
    .min(3, 'INSIGHT_RETENTION_DAYS must be at least 3 (the rollup looks back two days)')
    .max(3660, 'INSIGHT_RETENTION_DAYS must be at most 3660')
    .default(90),
  // Content not updated for this many days is listed as stale on the content dashboard.
  INSIGHT_STALE_AFTER_DAYS: z.coerce
    .number({ message: 'INSIGHT_STALE_AFTER_DAYS must be a whole number of days' })
    .int('INSIGHT_STALE_AFTER_DAYS must be a whole number of days')
    .min(1, 'INSIGHT_STALE_AFTER_DAYS must be at least 1')
    .max(3660, 'INSIGHT_STALE_AFTER_DAYS must be at most 3660')
    .default(365),
  // Replies to case e-mails (docs/cases.md, "Replies by e-mail").
  CASE_REPLY_ADDRESS: z
    .email({ message: 'CASE_REPLY_ADDRESS must be an e-mail address' })
    .optional(),
  INBOUND_MAIL_SECRET: z
    .string()
    .min(16, 'INBOUND_MAIL_SECRET must be at least 16 characters')
    .optional(),
  INBOUND_SMTP_PORT: z.coerce
    .number({ message: 'INBOUND_SMTP_PORT must be a whole number' })
    .int('INBOUND_SMTP_PORT must be a whole number')
    .min(0, 'INBOUND_SMTP_PORT must be between 0 and 65535')
    .max(65535, 'INBOUND_SMTP_PORT must be between 0 and 65535')
    .optional(),
  RATE_LIMIT_STORE: z.enum(['memory', 'database', 'redis']).optional(),
  SEARCH_PROVIDER: z.enum(SEARCH_PROVIDER_NAMES).optional(),
  REDIS_URL: z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && /^rediss?:$/.test(new URL(value).protocol), {
      message: 'REDIS_URL must be a redis:// or rediss:// URL',
    })
    .optional(),
});

export function publicConfig(config: PortalConfig): PublicConfig {
  const { siteUrl, brand, product, prefix, learningBaseUrl, appsHost, environment, ssoProvider } =
    config;
  return { siteUrl, brand, product, prefix, learningBaseUrl, appsHost, environment, ssoProvider };
}

/**
 * Several processes must count one window, so a PostgreSQL deployment counts in the database
 * unless told otherwise; the embedded default (one process on SQLite) counts in memory.
 */
function rateLimitSettings(values: z.infer<typeof environmentSchema>): PortalConfig['rateLimits'] {
  const store =
    values.RATE_LIMIT_STORE ?? (values.DATABASE_URL.startsWith('postgres') ? 'database' : 'memory');
  if (store === 'redis' && values.REDIS_URL) return { store, redisUrl: values.REDIS_URL };
  return { store: store === 'database' ? 'database' : 'memory' };
}

export type ConfigResult =
  | { ok: true; config: Omit<PortalConfig, 'sessionSecret'> & { sessionSecret?: string } }
  | { ok: false; message: string };

/**
 * Reads the configuration from environment variables. Empty values count as unset, so a
 * `.env` line like `BRAND=` falls back to the default instead of failing.
 */
export function parseConfig(env: NodeJS.ProcessEnv): ConfigResult {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'configuration');
    const message = issue?.message ?? 'is invalid';
    return {
      ok: false,
      message: message.startsWith(variable) ? message : `${variable}: ${message}`,
    };
  }
  const values = parsed.data;
  if (values.NODE_ENV === 'production' && !values.SESSION_SECRET) {
    return { ok: false, message: 'SESSION_SECRET is required when NODE_ENV=production' };
  }
  if (values.SESSION_ABSOLUTE_TIMEOUT_SECONDS < values.SESSION_IDLE_TIMEOUT_SECONDS) {
    return {
      ok: false,
      message:
        'SESSION_ABSOLUTE_TIMEOUT_SECONDS must not be shorter than SESSION_IDLE_TIMEOUT_SECONDS',
    };
  }
  if (values.OIDC_ISSUER && !values.OIDC_CLIENT_ID) {
    return { ok: false, message: 'OIDC_CLIENT_ID is required when OIDC_ISSUER is set' };
  }
  if (values.RATE_LIMIT_STORE === 'redis' && !values.REDIS_URL) {
    return { ok: false, message: 'REDIS_URL is required when RATE_LIMIT_STORE=redis' };
  }
  const dialect = databaseDialectOf(values.DATABASE_URL);
  if (values.SEARCH_PROVIDER && dialect && !providerServes(values.SEARCH_PROVIDER, dialect)) {
    return {
      ok: false,
      message: `SEARCH_PROVIDER: ${values.SEARCH_PROVIDER} does not run on ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}`,
    };
  }
  const synonyms = values.SEARCH_SYNONYMS_FILE
    ? parseSynonymList(readFileSync(values.SEARCH_SYNONYMS_FILE, 'utf8'))
    : undefined;
  if (synonyms && 'problems' in synonyms) {
    const lines = synonyms.problems.map(({ line, problem }) => `line ${line}: ${problem}`);
    return { ok: false, message: `SEARCH_SYNONYMS_FILE: ${lines.join(' ')}` };
  }
  if (values.LLM_BASE_URL && !values.LLM_MODEL) {
    return { ok: false, message: 'LLM_MODEL is required when LLM_BASE_URL is set' };
  }
  return {
    ok: true,
    config: {
      nodeEnv: values.NODE_ENV,
      port: values.PORT,
      host: values.HOST,
      siteUrl: values.SITE_URL ?? `http://localhost:${values.PORT}`,
      databaseUrl: values.DATABASE_URL,
      brand: values.BRAND,
      product: values.PRODUCT ?? values.BRAND,
      prefix: values.PREFIX,
      learningBaseUrl: values.LEARNING_BASE_URL,
      appsHost: values.APPS_HOST,
      environment: values.ENVIRONMENT,
      sessionSecret: values.SESSION_SECRET,
      ssoProvider: values.SSO_PROVIDER,
      dataDir: values.DATA_DIR,
      caseAttachmentsDir: values.CASE_ATTACHMENTS_DIR ?? join(values.DATA_DIR, 'attachments'),
      contentDir: values.CONTENT_DIR,
      logLevel: values.LOG_LEVEL,
      ...(values.LLM_BASE_URL && values.LLM_MODEL
        ? {
            llm: {
              baseUrl: values.LLM_BASE_URL,
              model: values.LLM_MODEL,
              ...(values.LLM_API_KEY ? { apiKey: values.LLM_API_KEY } : {}),
              timeoutMs: values.LLM_TIMEOUT_SECONDS * 1000,
            },
          }
        : {}),
      mail: {
        ...(values.SMTP_URL ? { smtpUrl: values.SMTP_URL } : {}),
        from: values.MAIL_FROM ?? `${values.BRAND} Community <community@localhost>`,
      },
      caseMail: {
        ...(values.CASE_REPLY_ADDRESS ? { replyAddress: values.CASE_REPLY_ADDRESS } : {}),
        ...(values.INBOUND_MAIL_SECRET ? { inboundSecret: values.INBOUND_MAIL_SECRET } : {}),
        ...(values.INBOUND_SMTP_PORT !== undefined ? { smtpPort: values.INBOUND_SMTP_PORT } : {}),
      },
      ...(values.LEARNING_WEBHOOK_SECRET
        ? { learningWebhookSecret: values.LEARNING_WEBHOOK_SECRET }
        : {}),
      ...(values.LEARNING_SYNC_URL
        ? {
            learningSync: {
              source: values.LEARNING_SYNC_URL,
              minutes: values.LEARNING_SYNC_MINUTES,
            },
          }
        : {}),
      ...(values.CONTACT_SETTINGS_FILE
        ? { contactSettingsFile: values.CONTACT_SETTINGS_FILE }
        : {}),
      rateLimits: rateLimitSettings(values),
      databaseWaitSeconds: values.DATABASE_WAIT_SECONDS,
      accountDeletionGraceDays: values.ACCOUNT_DELETION_GRACE_DAYS,
      insightRetentionDays: values.INSIGHT_RETENTION_DAYS,
      insightStaleAfterDays: values.INSIGHT_STALE_AFTER_DAYS,
      ...(values.SEARCH_PROVIDER ? { searchProvider: values.SEARCH_PROVIDER } : {}),
      ...(synonyms ? { searchSynonyms: synonyms.rules } : {}),
      shutdownDrainSeconds: values.SHUTDOWN_DRAIN_SECONDS,
      guestPageCache: {
        freshSeconds: values.GUEST_PAGE_CACHE_SECONDS,
        staleSeconds: 30,
        maxBytes: values.GUEST_PAGE_CACHE_MB * 1024 * 1024,
      },
      session: {
        idleTimeoutSeconds: values.SESSION_IDLE_TIMEOUT_SECONDS,
        absoluteTimeoutSeconds: values.SESSION_ABSOLUTE_TIMEOUT_SECONDS,
      },
      demoInsight: values.DEMO_INSIGHT === 'true',
      signIn: {
        // Demo accounts must never appear on a production site by accident.
        builtInProvider: values.BUILT_IN_SIGN_IN
          ? values.BUILT_IN_SIGN_IN === 'true'
          : !values.OIDC_ISSUER && values.NODE_ENV !== 'production',
        ...(values.OIDC_ISSUER && values.OIDC_CLIENT_ID
          ? {
              external: {
                issuer: values.OIDC_ISSUER,
                clientId: values.OIDC_CLIENT_ID,
                ...(values.OIDC_CLIENT_SECRET ? { clientSecret: values.OIDC_CLIENT_SECRET } : {}),
              },
            }
          : {}),
        scopes: values.OIDC_SCOPES,
        rateLimitPerMinute: values.SIGN_IN_RATE_LIMIT,
      },
    },
  };
}

/**
 * The configuration of this process: `.env` (when present) under the real environment,
 * validated; a bad value stops start-up with one line naming the variable.
 */
export async function loadConfig(env: NodeJS.ProcessEnv = process.env): Promise<PortalConfig> {
  if (env === process.env && existsSync('.env')) process.loadEnvFile('.env');
  const result = parseConfig(env);
  if (!result.ok) {
    console.error(`Configuration error: ${result.message}`);
    process.exit(1);
  }
  const sessionSecret =
    result.config.sessionSecret ?? (await resolveSessionSecret(result.config.dataDir));
  return { ...result.config, sessionSecret };
}
