import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import pg from 'pg';

export interface NoticeHandlers {
  notice(payload: string): void;
  /**
   * The listening connection was lost and is back: notices sent meanwhile are gone, so whatever
   * they would have told must be assumed to have happened.
   */
  reconnected(): void;
  failed(error: Error): void;
}

export interface NoticeListener {
  close(): Promise<void>;
}

/** PostgreSQL's notices between processes sharing one database (LISTEN / NOTIFY). */
export interface NoticeChannels {
  listen(channel: string, handlers: NoticeHandlers): NoticeListener;
  notify(channel: string, payload: string): Promise<void>;
}

const RETRY_MS = { first: 250, most: 5_000 };

/**
 * Channel names are identifiers: one per schema, since processes of different portals (or
 * test runs) may share a database, and notices are seen database-wide.
 */
export function channelName(name: string, schema: string | undefined): string {
  const full = `portal_${name}_${schema ?? 'public'}`.toLowerCase();
  if (/^[a-z_][a-z0-9_]{0,62}$/.test(full)) return full;
  return `portal_${createHash('sha256').update(full).digest('hex').slice(0, 40)}`;
}

/**
 * Notices over a connection of their own (a pooled one would be handed to other queries), kept
 * listening across restarts of the database: when it drops, it dials again with a growing wait
 * and says so, since notices sent in between are lost.
 */
export function noticeChannels(
  db: Kysely<Database>,
  connection: pg.ClientConfig,
  schema: string | undefined,
): NoticeChannels {
  return {
    async notify(channel, payload) {
      await sql`select pg_notify(${channelName(channel, schema)}, ${payload})`.execute(db);
    },

    listen(channel, handlers) {
      const name = channelName(channel, schema);
      let client: pg.Client | undefined;
      let closed = false;
      let wait = RETRY_MS.first;
      let timer: NodeJS.Timeout | undefined;
      let missedSome = false;

      const retry = () => {
        missedSome = true;
        if (closed || timer !== undefined) return;
        timer = setTimeout(() => {
          timer = undefined;
          void connect();
        }, wait);
        wait = Math.min(wait * 2, RETRY_MS.most);
      };

      async function connect(): Promise<void> {
        const next = new pg.Client(connection);
        client = next;
        // Only the current connection's loss matters; an old one's late events are ignored.
        const lost = () => {
          if (client === next) retry();
        };
        next.on('error', (error) => {
          handlers.failed(error);
          void next.end().catch(() => undefined);
          lost();
        });
        next.on('end', lost);
        next.on('notification', (message) => handlers.notice(message.payload ?? ''));
        try {
          await next.connect();
          await next.query(`LISTEN ${name}`);
        } catch (error) {
          handlers.failed(error as Error);
          void next.end().catch(() => undefined);
          lost();
          return;
        }
        if (closed) {
          await next.end().catch(() => undefined);
          return;
        }
        wait = RETRY_MS.first;
        if (missedSome) handlers.reconnected();
        missedSome = false;
      }

      void connect();
      return {
        async close() {
          closed = true;
          if (timer !== undefined) clearTimeout(timer);
          await client?.end().catch(() => undefined);
        },
      };
    },
  };
}
