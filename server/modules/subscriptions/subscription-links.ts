import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '~server/modules/identity';

/*
 * The links e-mailed to clients: activate a subscription bought for them, and approve or
 * decline a transfer of its billing. A token is its payload and an HMAC-SHA256 with a key of its
 * own derived from SESSION_SECRET, both base64url; it carries its expiry, so nothing is stored.
 */

export type LinkPurpose = 'activate' | 'transfer';

export interface LinkPayload {
  purpose: LinkPurpose;
  /** The subscription to activate, or the transfer to decide. */
  id: string;
  /** ISO time after which the link is refused. */
  expiresAt: string;
}

export interface SubscriptionLinks {
  sign(payload: LinkPayload): string;
  /** The payload of a genuine, unexpired link of the purpose; undefined otherwise. */
  read(token: string, purpose: LinkPurpose, now: Date): LinkPayload | 'expired' | undefined;
}

/** Activation links last 30 days, transfer approvals 14. */
export const ACTIVATION_LINK_DAYS = 30;
export const TRANSFER_LINK_DAYS = 14;

const TOKEN = /^([A-Za-z0-9_-]{1,1024})\.([A-Za-z0-9_-]{43})$/;

function payloadFrom(json: string, purpose: LinkPurpose): LinkPayload | undefined {
  try {
    const value = JSON.parse(json) as Partial<LinkPayload>;
    return value.purpose === purpose &&
      typeof value.id === 'string' &&
      typeof value.expiresAt === 'string'
      ? { purpose, id: value.id, expiresAt: value.expiresAt }
      : undefined;
  } catch {
    return undefined;
  }
}

export function subscriptionLinks(sessionSecret: string): SubscriptionLinks {
  const key = derivedKey(sessionSecret, 'subscription-links');
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    read(token, purpose, now) {
      const match = TOKEN.exec(token);
      if (!match?.[1] || !match[2]) return undefined;
      const given = Buffer.from(match[2], 'base64url');
      const expected = mac(match[1]);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const payload = payloadFrom(Buffer.from(match[1], 'base64url').toString(), purpose);
      if (!payload) return undefined;
      return Date.parse(payload.expiresAt) > now.getTime() ? payload : 'expired';
    },
  };
}

export function expiresAfterDays(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}
