import { describe, expect, it } from 'vitest';
import { parseConfig } from '~server/config.ts';

const base = { NODE_ENV: 'test' };

describe('the answer model configuration (LLM_*)', () => {
  it('is off by default', () => {
    const result = parseConfig(base);
    expect(result.ok && result.config.llm).toBe(undefined);
  });

  it('takes the base URL without its trailing slash, the model, the key and the timeout', () => {
    const result = parseConfig({
      ...base,
      LLM_BASE_URL: 'https://models.example/v1/',
      LLM_MODEL: 'small-model',
      LLM_API_KEY: 'key',
      LLM_TIMEOUT_SECONDS: '5',
    });
    expect(result.ok && result.config.llm).toEqual({
      baseUrl: 'https://models.example/v1',
      model: 'small-model',
      apiKey: 'key',
      timeoutMs: 5000,
    });
  });

  it('defaults the timeout to 20 seconds and needs no key', () => {
    const result = parseConfig({
      ...base,
      LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
      LLM_MODEL: 'm',
    });
    expect(result.ok && result.config.llm).toEqual({
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'm',
      timeoutMs: 20_000,
    });
  });

  it('refuses a base URL without a model, a bad URL and a bad timeout', () => {
    expect(parseConfig({ ...base, LLM_BASE_URL: 'http://127.0.0.1/v1' })).toEqual({
      ok: false,
      message: 'LLM_MODEL is required when LLM_BASE_URL is set',
    });
    expect(parseConfig({ ...base, LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'm' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^LLM_BASE_URL/),
    });
    expect(
      parseConfig({ ...base, LLM_BASE_URL: 'http://x', LLM_MODEL: 'm', LLM_TIMEOUT_SECONDS: '0' }),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/^LLM_TIMEOUT_SECONDS/) });
  });
});
