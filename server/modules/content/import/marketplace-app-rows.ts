import type { MarketplaceAppFrontMatter } from '~core/content';
import { mediaPath } from '~core/routes';
import { APPS_SYSSOURCE } from '~core/search';
import { markdownToPlainText } from '../markdown-text.ts';
import type { KbMarketplaceAppTable } from '../content.tables.ts';
import type { ValidItem } from './content-validate.ts';
import {
  contentIds,
  emptyDocument,
  hashOf,
  withMedia,
  type PlanContext,
  type PlannedItem,
  type Row,
  type SearchDocumentRow,
} from './planned-items.ts';

export function planMarketplaceApp(
  { path, sourcePath, data, body }: ValidItem<MarketplaceAppFrontMatter>,
  context: PlanContext,
): PlannedItem<KbMarketplaceAppTable> {
  const id = contentIds.marketplaceApp(data.slug);
  const resolvedBody = withMedia(body, context);
  const logoKey = data.logo ? context.mediaKeys.get(data.logo.slice('media/'.length)) : undefined;
  const logoUrl = logoKey ? mediaPath(logoKey) : null;
  const listingUrl = `${context.settings.appsHost}/app/${encodeURIComponent(data.slug)}`;
  const row: Row<KbMarketplaceAppTable> = {
    id,
    slug: data.slug,
    name: data.name,
    tagline: data.tagline,
    body: resolvedBody,
    functions: JSON.stringify(data.functions),
    rating: data.rating,
    review_count: data.reviewCount,
    logo_hex_color: data.logoHexColor,
    logo_url: logoUrl,
    has_listing: data.hasListing ? 1 : 0,
    landing_page_url: data.landingPageUrl ?? null,
    products: JSON.stringify(data.products),
    audiences: JSON.stringify(data.audiences),
    source_path: sourcePath,
  };
  const description = markdownToPlainText(resolvedBody);
  const searchDocument: SearchDocumentRow = {
    ...emptyDocument(id, 'MarketplaceApp', 'App'),
    common_contenttype: 'Apps',
    syssource: APPS_SYSSOURCE,
    title: data.name,
    excerpt: data.tagline,
    body_text: description,
    click_uri: data.hasListing ? listingUrl : (data.landingPageUrl ?? listingUrl),
    sfcoreproductc: context.productNames(data.products),
    sfaudiencec: context.audienceNames(data.audiences),
    sfdescription: data.tagline,
    mphaslisting: data.hasListing ? 'true' : 'false',
    mpslug: data.slug,
    mplandingpageurl: data.landingPageUrl ?? null,
    mplogohexcolor: data.logoHexColor,
    mplogourl: logoUrl,
    mpfunctions: JSON.stringify(data.functions),
    mpdescription: description,
    mprating: data.rating,
    mpreviewcount: data.reviewCount,
  };
  return { key: data.slug, path, row, searchDocument, hash: hashOf([row, searchDocument]) };
}
