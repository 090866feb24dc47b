import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureMatches, signBody } from './learning-webhook.ts';

describe('webhook signatures', () => {
  const secret = 'a-shared-secret-value';
  const body = Buffer.from('{"item":{"id":"X"}}');

  it('are sha256= and the hex HMAC-SHA256 of the body', () => {
    expect(signBody(secret, body)).toBe(
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    );
  });

  it('match only the same bytes signed with the same secret', () => {
    expect(signatureMatches(secret, body, signBody(secret, body))).toBe(true);
    expect(signatureMatches(secret, body, ` ${signBody(secret, body)} `)).toBe(true);
    expect(
      signatureMatches(secret, Buffer.from('{"item":{"id":"Y"}}'), signBody(secret, body)),
    ).toBe(false);
    expect(signatureMatches('another-secret-value', body, signBody(secret, body))).toBe(false);
  });

  it('refuse a missing, short or repeated header', () => {
    expect(signatureMatches(secret, body, undefined)).toBe(false);
    expect(signatureMatches(secret, body, 'sha256=')).toBe(false);
    expect(signatureMatches(secret, body, [signBody(secret, body)])).toBe(false);
  });
});
