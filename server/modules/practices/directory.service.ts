import {
  boundingBox,
  DIRECTORY_PAGE_SIZE,
  distanceKm,
  directoryFilters,
  projectionScale,
  resolvePlace,
  type DirectoryQuery,
  type ListingContent,
  type PracticeMarket,
  type ResolvedPlace,
} from '~core/practices';
import { directoryGazetteer } from './gazetteer/gazetteer.ts';
import * as listings from './listing.repository.ts';
import { parseListing } from './listing.service.ts';
import * as messages from './messages.repository.ts';
import type { PracticesContext } from './practices.context.ts';
import * as repository from './practices.repository.ts';

/** One result of the directory: what the card shows. */
export interface ListingCard {
  slug: string;
  name: string;
  market: string;
  tier: string;
  city: string;
  excerpt: string;
  services: readonly string[];
  logo: string | null;
  /** Kilometres to the nearest office, when the visitor gave a place. */
  distanceKm: number | undefined;
}

export interface DirectoryResults {
  place: ResolvedPlace | undefined;
  /** True when the visitor gave a place the gazetteer does not know. */
  placeUnknown: boolean;
  total: number;
  cards: ListingCard[];
}

/** A degree of latitude, in kilometres. */
const KM_PER_DEGREE = 111.195;

const excerptOf = (description: string) => {
  const text = description
    .replace(/[#*_`>[\]()!]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 180 ? `${text.slice(0, 177)}…` : text;
};

/** Finds listed practices near a place (nearest first) or, without a place, by name. */
export async function searchDirectory(
  context: Pick<PracticesContext, 'db'>,
  query: DirectoryQuery,
  visitorMarket?: PracticeMarket,
): Promise<DirectoryResults> {
  const filters = directoryFilters(query);
  const offset = (query.page - 1) * DIRECTORY_PAGE_SIZE;
  if (query.place === '') {
    const found = await listings.searchWithoutPlace(context.db, {
      filters,
      limit: DIRECTORY_PAGE_SIZE,
      offset,
    });
    return {
      place: undefined,
      placeUnknown: false,
      total: found.total,
      cards: await cardsFor(context, found.ids),
    };
  }
  const place = resolvePlace(directoryGazetteer(), query.place, visitorMarket);
  if (!place) return { place: undefined, placeUnknown: true, total: 0, cards: [] };
  const found = await listings.searchByPlace(context.db, {
    centre: place,
    box: boundingBox(place, query.radiusKm),
    scale: projectionScale(place),
    radius2: (query.radiusKm / KM_PER_DEGREE) ** 2,
    filters,
    limit: DIRECTORY_PAGE_SIZE,
    offset,
  });
  return {
    place,
    placeUnknown: false,
    total: found.total,
    cards: await cardsFor(
      context,
      found.hits.map((hit) => hit.practiceId),
      place,
    ),
  };
}

async function cardsFor(
  context: Pick<PracticesContext, 'db'>,
  ids: readonly string[],
  place?: ResolvedPlace,
): Promise<ListingCard[]> {
  const [practices, rows] = await Promise.all([
    repository.listPracticesByIds(context.db, ids),
    listings.listListingsByIds(context.db, ids),
  ]);
  const byId = new Map(practices.map((practice) => [practice.id, practice]));
  const contentById = new Map(rows.map((row) => [row.practice_id, parseListing(row.published)]));
  return ids.flatMap((id) => {
    const practice = byId.get(id);
    const content = contentById.get(id);
    if (!practice || !content) return [];
    const nearest = place ? nearestOffice(content, place) : undefined;
    return [
      {
        slug: practice.slug,
        name: practice.name,
        market: practice.market,
        tier: practice.tier,
        city: nearest?.place ?? content.offices[0]?.place ?? practice.city,
        excerpt: excerptOf(content.description),
        services: content.services,
        logo: content.logo,
        distanceKm: nearest ? Math.round(nearest.km * 10) / 10 : undefined,
      },
    ];
  });
}

function nearestOffice(content: ListingContent, place: ResolvedPlace) {
  return content.offices
    .map((office) => ({ place: office.place, km: distanceKm(place, office) }))
    .sort((a, b) => a.km - b.km)[0];
}

/** A listed practice's page: its published listing, people shown and approved reviews. */
export async function findListingPage(context: Pick<PracticesContext, 'db'>, slug: string) {
  const practice = await repository.findPracticeBySlug(context.db, slug);
  if (!practice) return undefined;
  const listing = await listings.findListing(context.db, practice.id);
  const content = parseListing(listing?.published ?? null);
  if (!listing || listing.listed !== 1 || !content) return undefined;
  return listingPageOf(context, practice, content);
}

/** The page as it would look with the draft: for the practice's own preview only. */
export async function previewListingPage(
  context: Pick<PracticesContext, 'db'>,
  practice: repository.PracticeRow,
  draft: ListingContent,
) {
  return listingPageOf(context, practice, draft);
}

async function listingPageOf(
  context: Pick<PracticesContext, 'db'>,
  practice: repository.PracticeRow,
  content: ListingContent,
) {
  const [people, reviews] = await Promise.all([
    repository.listPeople(context.db, practice.id),
    messages.listApprovedReviews(context.db, practice.id, 20),
  ]);
  const shown = new Set(content.staffShown);
  return {
    practice: {
      id: practice.id,
      slug: practice.slug,
      name: practice.name,
      market: practice.market,
      tier: practice.tier,
    },
    content,
    staff: people
      .filter((person) => shown.has(person.user_id))
      .map((person) => ({ name: person.name, role: person.role })),
    reviews: reviews.map((review) => ({
      id: review.id,
      name: review.name,
      rating: Number(review.rating),
      body: review.body,
      createdAt: review.created_at,
    })),
  };
}

export type ListingPage = NonNullable<Awaited<ReturnType<typeof findListingPage>>>;
