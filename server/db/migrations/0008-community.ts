import type { CreateTableBuilder, Kysely, Migration } from 'kysely';

/*
 * Community discussions, ideas, follows, moderation and the mail outbox (docs/community.md,
 * docs/mail.md), and the discussion raw fields of the search index (spec 3).
 *
 * A discussion's question is its first post: the post with the discussion's own id, so
 * answers, comments, votes, edits and flags treat every post alike. Counters (answer_count,
 * upvote_count, vote_count, comment_count) are kept by the service in the same transaction as
 * the rows they count, so lists never count rows.
 */

const SEARCH_COLUMNS = [
  ['sffeeditemid', 'text'],
  ['sfbestcommentid', 'text'],
  ['sfcommentcount', 'integer'],
  ['coveochatterfeedtopics', 'text'],
] as const;

function userReference<T extends string, C extends string, N extends string>(
  table: CreateTableBuilder<T, C>,
  column: N,
): CreateTableBuilder<T, C | N> {
  return table.addColumn(column, 'text', (definition) =>
    definition.references('portal_user.id').onDelete('cascade').notNull(),
  );
}

export const community: Migration = {
  async up(db: Kysely<unknown>) {
    await userReference(
      db.schema
        .createTable('community_discussion')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('product', 'text'),
      'author_id',
    )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('last_activity_at', 'text', (column) => column.notNull())
      .addColumn('best_answer_id', 'text')
      .addColumn('best_answer_at', 'text')
      .addColumn('answer_count', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('locked', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('community_discussion_last_activity')
      .on('community_discussion')
      .column('last_activity_at')
      .execute();
    await db.schema
      .createIndex('community_discussion_author')
      .on('community_discussion')
      .column('author_id')
      .execute();

    await db.schema
      .createTable('community_discussion_topic')
      .addColumn('discussion_id', 'text', (column) =>
        column.notNull().references('community_discussion.id').onDelete('cascade'),
      )
      .addColumn('topic_id', 'text', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('community_discussion_topic_pk', ['discussion_id', 'topic_id'])
      .execute();
    await db.schema
      .createIndex('community_discussion_topic_topic')
      .on('community_discussion_topic')
      .column('topic_id')
      .execute();

    await userReference(
      db.schema
        .createTable('community_post')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('discussion_id', 'text', (column) =>
          column.notNull().references('community_discussion.id').onDelete('cascade'),
        )
        // 'question' (id = discussion id), 'answer', or 'comment' (on the post parent_id).
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('parent_id', 'text'),
      'author_id',
    )
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('body_text', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('edited_at', 'text')
      .addColumn('upvote_count', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('community_post_discussion')
      .on('community_post')
      .columns(['discussion_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('community_post_author')
      .on('community_post')
      .columns(['author_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('community_post_created')
      .on('community_post')
      .column('created_at')
      .execute();

    // The version a post had before each edit; the current version is the post itself.
    await userReference(
      db.schema
        .createTable('community_post_revision')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('post_id', 'text', (column) =>
          column.notNull().references('community_post.id').onDelete('cascade'),
        )
        .addColumn('title', 'text')
        .addColumn('body', 'text', (column) => column.notNull()),
      'edited_by',
    )
      .addColumn('edited_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('community_post_revision_post')
      .on('community_post_revision')
      .columns(['post_id', 'edited_at'])
      .execute();

    await userReference(
      db.schema
        .createTable('community_vote')
        .addColumn('post_id', 'text', (column) =>
          column.notNull().references('community_post.id').onDelete('cascade'),
        ),
      'user_id',
    )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('community_vote_pk', ['post_id', 'user_id'])
      .execute();

    await userReference(db.schema.createTable('community_follow'), 'user_id')
      .addColumn('target_kind', 'text', (column) => column.notNull())
      .addColumn('target_id', 'text', (column) => column.notNull())
      .addColumn('unsubscribe_token', 'text', (column) => column.notNull().unique())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('community_follow_pk', ['user_id', 'target_kind', 'target_id'])
      .execute();
    await db.schema
      .createIndex('community_follow_target')
      .on('community_follow')
      .columns(['target_kind', 'target_id'])
      .execute();

    await userReference(
      db.schema
        .createTable('community_idea')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('body', 'text', (column) => column.notNull())
        .addColumn('body_text', 'text', (column) => column.notNull()),
      'author_id',
    )
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('status_changed_at', 'text')
      .addColumn('vote_count', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('comment_count', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('hidden', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();

    await userReference(
      db.schema
        .createTable('community_idea_vote')
        .addColumn('idea_id', 'text', (column) =>
          column.notNull().references('community_idea.id').onDelete('cascade'),
        ),
      'user_id',
    )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('community_idea_vote_pk', ['idea_id', 'user_id'])
      .execute();

    await userReference(
      db.schema
        .createTable('community_idea_comment')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('idea_id', 'text', (column) =>
          column.notNull().references('community_idea.id').onDelete('cascade'),
        ),
      'author_id',
    )
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('body_text', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('hidden', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('community_idea_comment_idea')
      .on('community_idea_comment')
      .columns(['idea_id', 'created_at'])
      .execute();

    // target_kind: 'post' | 'idea' | 'idea-comment'. One flag per reporter and item.
    await userReference(
      db.schema
        .createTable('community_flag')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('target_kind', 'text', (column) => column.notNull())
        .addColumn('target_id', 'text', (column) => column.notNull()),
      'reporter_id',
    )
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('note', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('resolved_at', 'text')
      .addUniqueConstraint('community_flag_reporter', ['target_kind', 'target_id', 'reporter_id'])
      .execute();
    await db.schema
      .createIndex('community_flag_open')
      .on('community_flag')
      .columns(['resolved_at', 'created_at'])
      .execute();

    // Who hid, restored, locked, unlocked or re-statused what, for the record.
    await userReference(
      db.schema
        .createTable('community_moderation_action')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('target_kind', 'text', (column) => column.notNull())
        .addColumn('target_id', 'text', (column) => column.notNull())
        .addColumn('action', 'text', (column) => column.notNull()),
      'moderator_id',
    )
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();

    // A form's token: the same user sending it again gets the first result back.
    await userReference(db.schema.createTable('community_idempotency_key'), 'user_id')
      .addColumn('key', 'text', (column) => column.notNull())
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('result_id', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('community_idempotency_key_pk', ['user_id', 'key'])
      .execute();

    await db.schema
      .createTable('community_profile')
      .addColumn('user_id', 'text', (column) =>
        column.primaryKey().references('portal_user.id').onDelete('cascade'),
      )
      .addColumn('about', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    // The mail outbox (server/modules/mail): written with the event, sent by the worker.
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (column) => column.primaryKey())
      // What the message is about and for whom: a repeated event never queues a second copy.
      .addColumn('event_key', 'text', (column) => column.notNull().unique())
      .addColumn('recipient', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('text_body', 'text', (column) => column.notNull())
      .addColumn('html_body', 'text', (column) => column.notNull())
      .addColumn('headers', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('available_at', 'text', (column) => column.notNull())
      .addColumn('claim_token', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('sent_at', 'text')
      .addColumn('failed_at', 'text')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema
      .createIndex('mail_outbox_pending')
      .on('mail_outbox')
      .columns(['sent_at', 'failed_at', 'available_at'])
      .execute();

    for (const [name, type] of SEARCH_COLUMNS) {
      await db.schema.alterTable('search_document').addColumn(name, type).execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const [name] of [...SEARCH_COLUMNS].reverse()) {
      await db.schema.alterTable('search_document').dropColumn(name).execute();
    }
    for (const table of [
      'mail_outbox',
      'community_profile',
      'community_idempotency_key',
      'community_moderation_action',
      'community_flag',
      'community_idea_comment',
      'community_idea_vote',
      'community_idea',
      'community_follow',
      'community_vote',
      'community_post_revision',
      'community_post',
      'community_discussion_topic',
      'community_discussion',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
