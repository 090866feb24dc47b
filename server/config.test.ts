import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SYNONYMS } from '~core/search';
import { DEFAULT_BRAND, DEFAULT_PREFIX, parseConfig, publicConfig } from './config.ts';
import { DATABASE_URL_SHAPES } from './db/database-url.ts';
import { resolveSessionSecret } from './session-secret.ts';

function parsed(env: NodeJS.ProcessEnv) {
  const result = parseConfig(env);
  if (!result.ok) throw new Error(`expected a valid configuration, got: ${result.message}`);
  return result.config;
}

function failure(env: NodeJS.ProcessEnv): string {
  const result = parseConfig(env);
  if (result.ok) throw new Error('expected the configuration to be refused');
  return result.message;
}

describe('configuration defaults', () => {
  it('gives a working site for the default brand with nothing set', () => {
    const config = parsed({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      siteUrl: 'http://localhost:3000',
      databaseUrl: 'sqlite:./data/portal.db',
      brand: DEFAULT_BRAND,
      product: DEFAULT_BRAND,
      prefix: DEFAULT_PREFIX,
      environment: 'production',
      dataDir: './data',
    });
    expect(config.sessionSecret).toBeUndefined();
  });

  it('records the demo insight on a first start unless DEMO_INSIGHT is false', () => {
    expect(parsed({}).demoInsight).toBe(true);
    expect(parsed({ DEMO_INSIGHT: 'false' }).demoInsight).toBe(false);
    expect(failure({ DEMO_INSIGHT: 'no' })).toContain('DEMO_INSIGHT must be true or false');
  });

  it('builds the default community base URL on the configured port', () => {
    expect(parsed({ PORT: '8080' }).siteUrl).toBe('http://localhost:8080');
  });

  it('takes the product name from the brand unless PRODUCT is set', () => {
    expect(parsed({ BRAND: 'Acme' }).product).toBe('Acme');
    expect(parsed({ BRAND: 'Acme', PRODUCT: 'Acme Books' }).product).toBe('Acme Books');
  });

  it('treats empty values as unset', () => {
    expect(parsed({ BRAND: '', PORT: '  ' })).toMatchObject({ brand: DEFAULT_BRAND, port: 3000 });
  });

  it('drops trailing slashes from base URLs', () => {
    const config = parsed({
      SITE_URL: 'https://help.example.com/',
      LEARNING_BASE_URL: 'https://l.example.com//',
    });
    expect(config.siteUrl).toBe('https://help.example.com');
    expect(config.learningBaseUrl).toBe('https://l.example.com');
  });

  it('accepts PostgreSQL URLs', () => {
    expect(parsed({ DATABASE_URL: 'postgres://u@db:5432/portal' }).databaseUrl).toBe(
      'postgres://u@db:5432/portal',
    );
    expect(parsed({ DATABASE_URL: 'postgresql://u@db/portal' }).databaseUrl).toBe(
      'postgresql://u@db/portal',
    );
  });
});

describe('configuration errors name the variable and what is wrong', () => {
  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number'],
    [{ PORT: '70000' }, 'PORT must be between 0 and 65535'],
    [{ PORT: '3.5' }, 'PORT must be a whole number'],
    [{ SITE_URL: 'localhost:3000' }, 'SITE_URL must be an absolute http(s) URL'],
    [{ SITE_URL: 'ftp://example.com' }, 'SITE_URL must be an absolute http(s) URL'],
    [{ LEARNING_BASE_URL: 'not a url' }, 'LEARNING_BASE_URL must be an absolute http(s) URL'],
    [{ APPS_HOST: 'apps' }, 'APPS_HOST must be an absolute http(s) URL'],
    [{ DATABASE_URL: 'mysql://x' }, DATABASE_URL_SHAPES],
    [{ PREFIX: '1X' }, 'PREFIX must be 1 to 10 letters or digits, starting with a letter'],
    [{ PREFIX: 'has space' }, 'PREFIX must be 1 to 10 letters or digits, starting with a letter'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters'],
    [{ SSO_PROVIDER: 'a/b' }, 'SSO_PROVIDER must be letters, digits, hyphens or underscores'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('%o is refused with %s', (env, message) => {
    const text = failure(env);
    expect(text.startsWith(message)).toBe(true);
    expect(text).not.toContain('\n');
  });

  it('takes a search provider only where it runs, the database default when unset', () => {
    expect(parsed({}).searchProvider).toBeUndefined();
    expect(parsed({ SEARCH_PROVIDER: 'fts5' }).searchProvider).toBe('fts5');
    expect(failure({ SEARCH_PROVIDER: 'document-store' })).toMatch(/^SEARCH_PROVIDER/);
    expect(failure({ SEARCH_PROVIDER: 'elastic' })).toMatch(/^SEARCH_PROVIDER/);
    expect(
      failure({ SEARCH_PROVIDER: 'fts5', DATABASE_URL: 'postgres://u:p@localhost:5432/portal' }),
    ).toBe('SEARCH_PROVIDER: fts5 does not run on PostgreSQL');
    expect(failure({ SEARCH_PROVIDER: 'postgres', DATABASE_URL: 'sqlite:portal.db' })).toBe(
      'SEARCH_PROVIDER: postgres does not run on SQLite',
    );
  });

  it('takes a synonym list from SEARCH_SYNONYMS_FILE, naming the lines it cannot read', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'portal-synonyms-'));
    try {
      const good = join(folder, 'good.txt');
      const bad = join(folder, 'bad.txt');
      await writeFile(good, '# ours\npayslip, pay slip\n[AU] super, superannuation\n');
      await writeFile(bad, 'payslip\n[XX] a, b\n');
      expect(parsed({}).searchSynonyms).toBeUndefined();
      expect(parsed({ SEARCH_SYNONYMS_FILE: good }).searchSynonyms).toEqual([
        { terms: ['payslip', 'pay slip'] },
        { terms: ['super', 'superannuation'], regions: ['AU'] },
      ]);
      expect(failure({ SEARCH_SYNONYMS_FILE: bad })).toBe(
        'SEARCH_SYNONYMS_FILE: line 1: Give at least two terms, separated by commas. line 2: Unknown region XX.',
      );
      expect(
        parsed({ SEARCH_SYNONYMS_FILE: 'docs/search-synonyms.example.txt' }).searchSynonyms,
      ).toEqual(DEFAULT_SYNONYMS);
      expect(failure({ SEARCH_SYNONYMS_FILE: join(folder, 'none.txt') })).toBe(
        'SEARCH_SYNONYMS_FILE must name a file',
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('requires SESSION_SECRET in production', () => {
    expect(failure({ NODE_ENV: 'production' })).toBe(
      'SESSION_SECRET is required when NODE_ENV=production',
    );
    expect(parsed({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).nodeEnv).toBe(
      'production',
    );
  });
});

describe('public configuration', () => {
  it('carries the names and hosts the browser needs and no secret', () => {
    const config = { ...parsed({ SESSION_SECRET: 's'.repeat(40) }), sessionSecret: 's'.repeat(40) };
    const visible = publicConfig(config);
    expect(Object.keys(visible).sort()).toEqual(
      [
        'appsHost',
        'brand',
        'environment',
        'learningBaseUrl',
        'prefix',
        'product',
        'siteUrl',
        'ssoProvider',
      ].sort(),
    );
    expect(JSON.stringify(visible)).not.toContain('s'.repeat(40));
  });
});

describe('the embedded default session secret', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is generated once in the data folder and kept across restarts', async () => {
    dir = await mkdtemp(join(tmpdir(), 'portal-secret-'));
    const dataDir = join(dir, 'data');
    const first = await resolveSessionSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await readFile(join(dataDir, 'session-secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(join(dataDir, 'session-secret'))).mode & 0o777).toBe(0o600);
    expect(await resolveSessionSecret(dataDir)).toBe(first);
  });
});
