import type { Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContentTables, KbMarketplaceAppTable } from './content.tables.ts';
import type { MarketplaceApp } from './content.types.ts';
import { jsonList, labelList, labelsOf, productLabels } from './content-summaries.repository.ts';

type Db = ModuleDatabase<ContentTables>;

function toMarketplaceApp(
  row: Selectable<KbMarketplaceAppTable>,
  labels: { product: Map<string, string>; audience: Map<string, string> },
): MarketplaceApp {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    body: row.body,
    functions: jsonList(row.functions),
    rating: Number(row.rating),
    reviewCount: Number(row.review_count),
    logoHexColor: row.logo_hex_color,
    ...(row.logo_url ? { logoUrl: row.logo_url } : {}),
    hasListing: row.has_listing === 1,
    ...(row.landing_page_url ? { landingPageUrl: row.landing_page_url } : {}),
    products: productLabels(row.products, labels.product),
    audiences: labelList(row.audiences, labels.audience),
  };
}

export async function listMarketplaceApps(db: Db): Promise<MarketplaceApp[]> {
  const [labels, rows] = await Promise.all([
    labelsOf(db),
    db.selectFrom('kb_marketplace_app').selectAll().orderBy('name').execute(),
  ]);
  return rows.map((row) => toMarketplaceApp(row, labels));
}

export async function findMarketplaceApp(
  db: Db,
  slug: string,
): Promise<MarketplaceApp | undefined> {
  const [labels, row] = await Promise.all([
    labelsOf(db),
    db.selectFrom('kb_marketplace_app').selectAll().where('slug', '=', slug).executeTakeFirst(),
  ]);
  return row ? toMarketplaceApp(row, labels) : undefined;
}
