import { sql, type Kysely, type Migration } from 'kysely';

/*
 * The update-account flow keeps each screen's answers, so a partner resumes with them; the
 * resource library holds what partners download, some of it for higher tiers only; a
 * partner's recognition badge is an assertion of their tier, revoked when the tier drops.
 */

const RESOURCES: ReadonlyArray<{
  id: string;
  title: string;
  summary: string;
  type: string;
  product: string;
  minTier: string;
  url: string;
}> = [
  {
    id: 'partnerResource-onboarding-guide',
    title: 'Partner onboarding guide',
    summary: 'Everything the first 90 days in the programme hold, step by step.',
    type: 'guide',
    product: 'Accounting',
    minTier: 'starter',
    url: '/resource/partners/partner-onboarding-guide.md',
  },
  {
    id: 'partnerResource-client-migration',
    title: 'Moving a client from spreadsheets',
    summary: 'A checklist for bringing a client’s books in, with the opening balances.',
    type: 'template',
    product: 'Accounting',
    minTier: 'starter',
    url: '/resource/partners/client-migration-checklist.csv',
  },
  {
    id: 'partnerResource-payroll-kit',
    title: 'Payroll marketing kit',
    summary: 'E-mail and social media copy to offer payroll to your clients.',
    type: 'marketing-kit',
    product: 'Payroll',
    minTier: 'bronze',
    url: '/resource/partners/payroll-marketing-kit.md',
  },
  {
    id: 'partnerResource-advisory-playbook',
    title: 'Advisory services playbook',
    summary: 'How practices package cash-flow and forecasting advice, with pricing examples.',
    type: 'guide',
    product: 'Advisory',
    minTier: 'silver',
    url: '/resource/partners/advisory-services-playbook.md',
  },
  {
    id: 'partnerResource-co-branded-kit',
    title: 'Co-branded campaign kit',
    summary: 'Brochures and web banners with your practice’s logo beside the product’s.',
    type: 'marketing-kit',
    product: 'Accounting',
    minTier: 'gold',
    url: '/resource/partners/co-branded-campaign-kit.md',
  },
  {
    id: 'partnerResource-inventory-template',
    title: 'Stock count template',
    summary: 'A spreadsheet for a client’s year-end stock count that imports straight in.',
    type: 'template',
    product: 'Inventory',
    minTier: 'platinum',
    url: '/resource/partners/stock-count-template.csv',
  },
];

const PUBLISHED_AT = '2026-10-01T00:00:00.000Z';

export const partnerFlowsAndResources: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('partner_account_update_answer')
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('screen', 'integer', (column) => column.notNull())
      // The screen's checked answers as JSON: each screen has its own fields.
      .addColumn('answers', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('partner_account_update_answer_pk', ['user_id', 'screen'])
      .execute();
    await db.schema
      .createTable('partner_resource')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull())
      .addColumn('resource_type', 'text', (column) => column.notNull())
      .addColumn('product', 'text', (column) => column.notNull())
      .addColumn('min_tier', 'text', (column) => column.notNull())
      .addColumn('url', 'text', (column) => column.notNull())
      .addColumn('download_count', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('published_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('partner_badge_assertion')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('tier', 'text', (column) => column.notNull())
      .addColumn('issued_at', 'text', (column) => column.notNull())
      .addColumn('revoked_at', 'text')
      // '{user}:{tier}' while in force, null once revoked: one badge in force per partner and
      // tier, so two first visits at once issue one.
      .addColumn('in_force_key', 'text', (column) => column.unique())
      .execute();
    await db.schema
      .createIndex('partner_badge_assertion_member')
      .on('partner_badge_assertion')
      .column('user_id')
      .execute();
    for (const resource of RESOURCES) {
      await sql`insert into partner_resource (id, title, summary, resource_type, product, min_tier, url, download_count, published_at)
        values (${resource.id}, ${resource.title}, ${resource.summary}, ${resource.type}, ${resource.product}, ${resource.minTier}, ${resource.url}, 0, ${PUBLISHED_AT})`.execute(
        db,
      );
    }
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('partner_badge_assertion').execute();
    await db.schema.dropTable('partner_resource').execute();
    await db.schema.dropTable('partner_account_update_answer').execute();
  },
};
