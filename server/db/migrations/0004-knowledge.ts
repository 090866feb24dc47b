import type { Kysely, Migration } from 'kysely';

// Migrations take an untyped Kysely: they must keep compiling as the Database interface
// moves on. 'bytea' is PostgreSQL's byte type; SQLite stores the bytes of a blob as they are
// under any declared type, so one spelling serves both.
export const knowledge: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('kb_catalogue_label')
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('key', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('kb_catalogue_label_pk', ['kind', 'key'])
      .execute();

    await db.schema
      .createTable('kb_topic')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('slug', 'text', (column) => column.notNull().unique())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('parent_id', 'text', (column) =>
        column.references('kb_topic.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('content_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('kb_topic_parent').on('kb_topic').column('parent_id').execute();

    await db.schema
      .createTable('kb_article')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('url_name', 'text', (column) => column.notNull().unique())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('content_type', 'text', (column) => column.notNull())
      .addColumn('products', 'text', (column) => column.notNull())
      .addColumn('audiences', 'text', (column) => column.notNull())
      .addColumn('related', 'text', (column) => column.notNull())
      .addColumn('team', 'text', (column) => column.notNull())
      .addColumn('region', 'text')
      .addColumn('created_date', 'text', (column) => column.notNull())
      .addColumn('updated_date', 'text', (column) => column.notNull())
      .addColumn('published_date', 'text', (column) => column.notNull())
      .addColumn('source_path', 'text', (column) => column.notNull())
      .addColumn('content_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('kb_article_topic')
      .addColumn('article_id', 'text', (column) =>
        column.notNull().references('kb_article.id').onDelete('cascade'),
      )
      .addColumn('topic_id', 'text', (column) =>
        column.notNull().references('kb_topic.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('kb_article_topic_pk', ['article_id', 'topic_id'])
      .execute();
    await db.schema
      .createIndex('kb_article_topic_topic')
      .on('kb_article_topic')
      .column('topic_id')
      .execute();

    await db.schema
      .createTable('kb_guide')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('slug', 'text', (column) => column.notNull().unique())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('products', 'text', (column) => column.notNull())
      .addColumn('audiences', 'text', (column) => column.notNull())
      .addColumn('updated_date', 'text', (column) => column.notNull())
      .addColumn('source_path', 'text', (column) => column.notNull())
      .addColumn('content_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('kb_guide_topic')
      .addColumn('guide_id', 'text', (column) =>
        column.notNull().references('kb_guide.id').onDelete('cascade'),
      )
      .addColumn('topic_id', 'text', (column) =>
        column.notNull().references('kb_topic.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('kb_guide_topic_pk', ['guide_id', 'topic_id'])
      .execute();
    await db.schema
      .createIndex('kb_guide_topic_topic')
      .on('kb_guide_topic')
      .column('topic_id')
      .execute();

    await db.schema
      .createTable('kb_guide_section')
      .addColumn('guide_id', 'text', (column) =>
        column.notNull().references('kb_guide.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('summary', 'text')
      .addPrimaryKeyConstraint('kb_guide_section_pk', ['guide_id', 'position'])
      .execute();

    await db.schema
      .createTable('kb_guide_article')
      .addColumn('guide_id', 'text', (column) =>
        column.notNull().references('kb_guide.id').onDelete('cascade'),
      )
      .addColumn('section_position', 'integer', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('article_id', 'text', (column) =>
        column.notNull().references('kb_article.id').onDelete('cascade'),
      )
      .addPrimaryKeyConstraint('kb_guide_article_pk', ['guide_id', 'section_position', 'position'])
      .execute();
    await db.schema
      .createIndex('kb_guide_article_article')
      .on('kb_guide_article')
      .column('article_id')
      .execute();

    await db.schema
      .createTable('kb_glossary_entry')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('slug', 'text', (column) => column.notNull().unique())
      .addColumn('term', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('related', 'text', (column) => column.notNull())
      .addColumn('see_also', 'text', (column) => column.notNull())
      .addColumn('source_path', 'text', (column) => column.notNull())
      .addColumn('content_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('kb_marketplace_app')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('slug', 'text', (column) => column.notNull().unique())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('tagline', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('functions', 'text', (column) => column.notNull())
      .addColumn('rating', 'double precision', (column) => column.notNull())
      .addColumn('review_count', 'integer', (column) => column.notNull())
      .addColumn('logo_hex_color', 'text', (column) => column.notNull())
      .addColumn('logo_url', 'text')
      .addColumn('has_listing', 'integer', (column) => column.notNull())
      .addColumn('landing_page_url', 'text')
      .addColumn('products', 'text', (column) => column.notNull())
      .addColumn('audiences', 'text', (column) => column.notNull())
      .addColumn('source_path', 'text', (column) => column.notNull())
      .addColumn('content_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('kb_landing_page')
      .addColumn('page_key', 'text', (column) => column.primaryKey())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('sections', 'text', (column) => column.notNull())
      .addColumn('source_path', 'text', (column) => column.notNull())
      .addColumn('content_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('kb_media')
      .addColumn('file_name', 'text', (column) => column.primaryKey())
      .addColumn('content_key', 'text', (column) => column.notNull().unique())
      .addColumn('content_type', 'text', (column) => column.notNull())
      .addColumn('byte_size', 'integer', (column) => column.notNull())
      .addColumn('bytes', 'bytea', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('kb_article_feedback')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('article_id', 'text', (column) =>
        column.notNull().references('kb_article.id').onDelete('cascade'),
      )
      .addColumn('helpful', 'integer', (column) => column.notNull())
      .addColumn('comment', 'text')
      .addColumn('user_id', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('kb_article_feedback_article')
      .on('kb_article_feedback')
      .column('article_id')
      .execute();

    await db.schema
      .createTable('search_document')
      .addColumn('unique_id', 'text', (column) => column.primaryKey())
      .addColumn('origin', 'text', (column) => column.notNull())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('excerpt', 'text', (column) => column.notNull())
      .addColumn('body_text', 'text', (column) => column.notNull())
      .addColumn('click_uri', 'text', (column) => column.notNull())
      .addColumn('objecttype', 'text', (column) => column.notNull())
      .addColumn('objecttypelabel', 'text', (column) => column.notNull())
      .addColumn('common_contenttype', 'text', (column) => column.notNull())
      .addColumn('syssource', 'text', (column) => column.notNull())
      .addColumn('source', 'text', (column) => column.notNull())
      .addColumn('collection', 'text', (column) => column.notNull())
      .addColumn('documenttype', 'text', (column) => column.notNull())
      .addColumn('language', 'text', (column) => column.notNull())
      .addColumn('permanentid', 'text', (column) => column.notNull())
      .addColumn('author', 'text')
      .addColumn('region', 'text')
      .addColumn('sfkbid', 'text')
      .addColumn('sfurlname', 'text')
      .addColumn('sfguidecid', 'text')
      .addColumn('sftopicid', 'text')
      .addColumn('sftopicfirstlevelc', 'text')
      .addColumn('sfcoreproductc', 'text', (column) => column.notNull())
      .addColumn('sfaudiencec', 'text', (column) => column.notNull())
      .addColumn('sfcreateddate', 'text')
      .addColumn('sfcreatedbyname', 'text')
      .addColumn('sfdescription', 'text')
      .addColumn('topic_ids', 'text', (column) => column.notNull())
      .addColumn('mphaslisting', 'text')
      .addColumn('mpslug', 'text')
      .addColumn('mplandingpageurl', 'text')
      .addColumn('mplogohexcolor', 'text')
      .addColumn('mplogourl', 'text')
      .addColumn('mpfunctions', 'text')
      .addColumn('mpdescription', 'text')
      .addColumn('mprating', 'double precision')
      .addColumn('mpreviewcount', 'integer')
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('search_document_origin')
      .on('search_document')
      .column('origin')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'search_document',
      'kb_article_feedback',
      'kb_media',
      'kb_landing_page',
      'kb_marketplace_app',
      'kb_glossary_entry',
      'kb_guide_article',
      'kb_guide_section',
      'kb_guide_topic',
      'kb_guide',
      'kb_article_topic',
      'kb_article',
      'kb_topic',
      'kb_catalogue_label',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
