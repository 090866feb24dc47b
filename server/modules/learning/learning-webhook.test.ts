import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkDelivery,
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  signDelivery,
  TIMESTAMP_HEADER,
} from './learning-webhook.ts';

const secret = 'a-shared-secret-value';
const body = Buffer.from('{"item":{"id":"X"}}');
const NOW_MS = Date.parse('2026-11-26T09:00:00Z');
const stamp = String(NOW_MS / 1000);
const deliveryId = 'delivery-0001';

function headers(overrides: Record<string, string | string[] | undefined> = {}) {
  return {
    [TIMESTAMP_HEADER]: stamp,
    [DELIVERY_HEADER]: deliveryId,
    [SIGNATURE_HEADER]: signDelivery(secret, { timestamp: stamp, deliveryId }, body),
    ...overrides,
  };
}

describe('webhook deliveries', () => {
  it('are signed with the hex HMAC-SHA256 of timestamp, id and body, joined by dots', () => {
    expect(signDelivery(secret, { timestamp: stamp, deliveryId }, body)).toBe(
      `sha256=${createHmac('sha256', secret).update(`${stamp}.${deliveryId}.${body.toString()}`).digest('hex')}`,
    );
  });

  it('are accepted when signed for these bytes, this id and this time, within 5 minutes', () => {
    expect(checkDelivery(secret, headers(), body, NOW_MS)).toEqual({ ok: true, deliveryId });
    expect(checkDelivery(secret, headers(), body, NOW_MS + 300_000).ok).toBe(true);
    expect(checkDelivery(secret, headers(), body, NOW_MS - 300_000).ok).toBe(true);
  });

  it('are stale more than 5 minutes either way', () => {
    expect(checkDelivery(secret, headers(), body, NOW_MS + 300_001)).toEqual({
      ok: false,
      problem: 'stale',
    });
    expect(checkDelivery(secret, headers(), body, NOW_MS - 300_001)).toEqual({
      ok: false,
      problem: 'stale',
    });
  });

  it.each([
    ['other bytes', headers(), Buffer.from('{"item":{"id":"Y"}}')],
    [
      'another secret',
      headers({
        [SIGNATURE_HEADER]: signDelivery('other-secret', { timestamp: stamp, deliveryId }, body),
      }),
      body,
    ],
    ['another id', headers({ [DELIVERY_HEADER]: 'delivery-0002' }), body],
    ['another time', headers({ [TIMESTAMP_HEADER]: String(Number(stamp) + 1) }), body],
    ['no signature', headers({ [SIGNATURE_HEADER]: undefined }), body],
    ['a short signature', headers({ [SIGNATURE_HEADER]: 'sha256=' }), body],
    ['a repeated signature header', headers({ [SIGNATURE_HEADER]: ['a', 'b'] }), body],
    ['no timestamp', headers({ [TIMESTAMP_HEADER]: undefined }), body],
    ['a timestamp that is not seconds', headers({ [TIMESTAMP_HEADER]: '2026-11-26' }), body],
    ['no delivery id', headers({ [DELIVERY_HEADER]: undefined }), body],
    ['a delivery id with other characters', headers({ [DELIVERY_HEADER]: 'id with spaces' }), body],
    ['a delivery id too short', headers({ [DELIVERY_HEADER]: 'short' }), body],
  ])('are refused as badly signed with %s', (_label, given, bytes) => {
    expect(checkDelivery(secret, given, bytes, NOW_MS)).toEqual({
      ok: false,
      problem: 'signature',
    });
  });

  it('keep a signature with spaces around it', () => {
    const spaced = headers({ [SIGNATURE_HEADER]: ` ${headers()[SIGNATURE_HEADER]} ` });
    expect(checkDelivery(secret, spaced, body, NOW_MS).ok).toBe(true);
  });
});
