import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import {
  deleteExpiredOidcPayloads,
  deleteOidcPayload,
  deleteOidcPayloadsOfGrant,
  findOidcPayload,
  markOidcPayloadConsumed,
  upsertOidcPayload,
} from './oidc-payload.repository.ts';

type Payload = Record<string, unknown>;

/**
 * The built-in provider's storage (oidc-provider's adapter interface) in the portal database,
 * so an interaction started on one process finishes on any other.
 */
export function databaseAdapter(db: Kysely<Database>) {
  return class DatabaseAdapter {
    private readonly kind: string;

    constructor(kind: string) {
      this.kind = kind;
    }

    async upsert(id: string, payload: Payload, expiresIn: number | undefined): Promise<void> {
      const now = Date.now();
      if (Math.random() < 0.01) await deleteExpiredOidcPayloads(db, new Date(now).toISOString());
      await upsertOidcPayload(db, {
        kind: this.kind,
        id,
        payload: JSON.stringify(payload),
        grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
        user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        expires_at: expiresIn ? new Date(now + expiresIn * 1000).toISOString() : null,
        consumed_at: null,
      });
    }

    find(id: string) {
      return this.read('id', id);
    }

    findByUid(uid: string) {
      return this.read('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.read('user_code', userCode);
    }

    async consume(id: string): Promise<void> {
      await markOidcPayloadConsumed(db, this.kind, id, new Date().toISOString());
    }

    async destroy(id: string): Promise<void> {
      await deleteOidcPayload(db, this.kind, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await deleteOidcPayloadsOfGrant(db, grantId);
    }

    private async read(
      column: 'id' | 'uid' | 'user_code',
      value: string,
    ): Promise<Payload | undefined> {
      const row = await findOidcPayload(db, this.kind, { column, value });
      if (!row) return undefined;
      if (row.expires_at !== null && row.expires_at <= new Date().toISOString()) return undefined;
      const payload = JSON.parse(row.payload) as Payload;
      if (row.consumed_at !== null) {
        payload.consumed = Math.floor(new Date(row.consumed_at).getTime() / 1000);
      }
      return payload;
    }
  };
}
