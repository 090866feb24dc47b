import { parseConfig, type PortalConfig } from '~server/config.ts';

/** A valid configuration for tests: the defaults, quiet logs, and a fixed session secret. */
export function testConfig(env: NodeJS.ProcessEnv = {}): PortalConfig {
  const result = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-session-secret-of-at-least-32-characters',
    ...env,
  });
  if (!result.ok) throw new Error(result.message);
  return { ...result.config, sessionSecret: result.config.sessionSecret ?? '' };
}
