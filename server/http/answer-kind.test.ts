import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { GATEWAY_BASE_PATH } from '~core/gateway';
import { answersJson } from './answer-kind.ts';

const request = (url: string, dest?: string) =>
  ({ url, headers: dest ? { 'sec-fetch-dest': dest } : {} }) as unknown as FastifyRequest;

describe('answersJson', () => {
  it('answers the APIs, the services, the gateway and data requests as JSON', () => {
    for (const url of [
      '/api/search?q=vat',
      '/services/auth/sso/portal?startURL=%2F0%2F',
      `${GATEWAY_BASE_PATH}/LedgerController/getTeamValue`,
      '/s/article/vat.data',
    ]) {
      expect(answersJson(request(url)), url).toBe(true);
      expect(answersJson(request(url, 'empty')), url).toBe(true);
    }
  });

  it('answers pages as pages', () => {
    expect(answersJson(request('/s/article/vat'))).toBe(false);
    expect(answersJson(request('/0/'))).toBe(false);
  });

  it('answers a browser loading any address as the page it shows with a page', () => {
    expect(answersJson(request('/services/auth/sso/portal?startURL=%2F0%2F', 'document'))).toBe(
      false,
    );
    expect(answersJson(request('/services/auth/demo-sign-in/abc', 'document'))).toBe(false);
  });
});
