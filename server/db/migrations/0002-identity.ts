import type { Kysely, Migration } from 'kysely';

/*
 * Users, their server-side sessions, and what the built-in identity provider must share
 * between processes (interactions, grants, codes): nothing about sign-in lives in memory.
 */
export const identity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('portal_user')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('issuer', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('email', 'text')
      .addColumn('first_name', 'text', (column) => column.notNull())
      .addColumn('last_name', 'text', (column) => column.notNull())
      .addColumn('is_partner', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('is_primary_contact', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('is_principal_contact', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('market', 'text')
      .addColumn('partner_product_interest_client', 'text')
      .addColumn('partner_product_interest_practice', 'text')
      .addColumn('can_view_setup', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addUniqueConstraint('portal_user_issuer_subject', ['issuer', 'subject'])
      .execute();

    await db.schema
      .createTable('portal_session')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) =>
        column.notNull().references('portal_user.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('last_seen_at', 'text', (column) => column.notNull())
      .addColumn('idle_expires_at', 'text', (column) => column.notNull())
      .addColumn('absolute_expires_at', 'text', (column) => column.notNull())
      .addColumn('csrf_token', 'text', (column) => column.notNull())
      .addColumn('id_token', 'text')
      .execute();
    await db.schema
      .createIndex('portal_session_user_id')
      .on('portal_session')
      .column('user_id')
      .execute();
    await db.schema
      .createIndex('portal_session_idle_expires_at')
      .on('portal_session')
      .column('idle_expires_at')
      .execute();

    await db.schema
      .createTable('oidc_payload')
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('id', 'text', (column) => column.notNull())
      .addColumn('payload', 'text', (column) => column.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'text')
      .addColumn('consumed_at', 'text')
      .addPrimaryKeyConstraint('oidc_payload_pk', ['kind', 'id'])
      .execute();
    await db.schema
      .createIndex('oidc_payload_grant_id')
      .on('oidc_payload')
      .column('grant_id')
      .execute();
    await db.schema.createIndex('oidc_payload_uid').on('oidc_payload').column('uid').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('oidc_payload').execute();
    await db.schema.dropTable('portal_session').execute();
    await db.schema.dropTable('portal_user').execute();
  },
};
