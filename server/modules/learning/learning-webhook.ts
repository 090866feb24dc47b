import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header the learning platform signs each delivery in: 'sha256=' and the hex HMAC. */
export const SIGNATURE_HEADER = 'x-learning-signature';
/** When the platform sent the delivery, in whole seconds since the epoch. */
export const TIMESTAMP_HEADER = 'x-learning-timestamp';
/** The platform's id of the delivery, the same on each retry of it. */
export const DELIVERY_HEADER = 'x-learning-delivery';

/** How far a delivery's timestamp may be from the portal's clock, either way. */
export const DELIVERY_TOLERANCE_MS = 5 * 60 * 1000;

const DELIVERY_ID = /^[A-Za-z0-9_-]{8,128}$/;
const TIMESTAMP = /^\d{1,12}$/;

/**
 * The signature a delivery carries: HMAC-SHA256, with the shared secret, of its timestamp, its
 * delivery id and its exact body bytes, joined by dots. Signing the timestamp and id with the
 * body means neither can be changed to replay a captured delivery.
 */
export function signDelivery(
  secret: string,
  delivery: { timestamp: string; deliveryId: string },
  body: Buffer | string,
): string {
  const hmac = createHmac('sha256', secret);
  hmac.update(`${delivery.timestamp}.${delivery.deliveryId}.`);
  hmac.update(body);
  return `sha256=${hmac.digest('hex')}`;
}

export type DeliveryCheck =
  { ok: true; deliveryId: string } | { ok: false; problem: 'signature' | 'stale' };

/**
 * Whether a delivery is signed for these bytes, this timestamp and this id (compared in
 * constant time), and recent enough. A missing or malformed header is a bad signature.
 */
export function checkDelivery(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: Buffer,
  nowMs: number,
): DeliveryCheck {
  const timestamp = headers[TIMESTAMP_HEADER];
  const deliveryId = headers[DELIVERY_HEADER];
  const given = headers[SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) {
    return { ok: false, problem: 'signature' };
  }
  if (typeof deliveryId !== 'string' || !DELIVERY_ID.test(deliveryId)) {
    return { ok: false, problem: 'signature' };
  }
  if (typeof given !== 'string') return { ok: false, problem: 'signature' };
  const expected = Buffer.from(signDelivery(secret, { timestamp, deliveryId }, body));
  const actual = Buffer.from(given.trim());
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    return { ok: false, problem: 'signature' };
  }
  if (Math.abs(nowMs - Number(timestamp) * 1000) > DELIVERY_TOLERANCE_MS) {
    return { ok: false, problem: 'stale' };
  }
  return { ok: true, deliveryId };
}
