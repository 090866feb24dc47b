import type { AppLoadContext } from 'react-router';
import {
  labelOf,
  LISTING_TIERS,
  logoPath,
  MARKET_DEFINITIONS,
  parsePracticeMarket,
  PRACTICE_CERTIFICATIONS,
  PRACTICE_INDUSTRIES,
  PRACTICE_LANGUAGES,
  PRACTICE_SERVICES,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from '~core/practices';
import type { JsonLd } from '~app/seo/json-ld.ts';
import { renderContent } from '../kb/rich-text.server.ts';
import type { ListingPage } from './practices.server.ts';

/** schema.org's names of the weekdays, for openingHoursSpecification. */
const SCHEMA_DAYS: Readonly<Record<string, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** A listing as its page shows it: labels for keys, the description as sanitised HTML. */
export function listingData(context: AppLoadContext, page: ListingPage) {
  const { content, practice } = page;
  const description = renderContent(context.config, content.description);
  const text = content.description
    .replace(/[#*_`>[\]()!]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return {
    name: practice.name,
    slug: practice.slug,
    market: practice.market,
    marketName: MARKET_DEFINITIONS[parsePracticeMarket(practice.market) ?? 'AU'].name,
    tier: labelOf(LISTING_TIERS, practice.tier),
    places: [...new Set(content.offices.map((office) => office.place))].join(', '),
    excerpt: text.length > 200 ? `${text.slice(0, 197)}…` : text,
    descriptionHtml: description.html,
    logo: content.logo ? logoPath(content.logo) : null,
    services: content.services.map((key) => labelOf(PRACTICE_SERVICES, key)),
    industries: content.industries.map((key) => labelOf(PRACTICE_INDUSTRIES, key)),
    languages: content.languages.map((key) => labelOf(PRACTICE_LANGUAGES, key)),
    certifications: content.certifications.map((key) => labelOf(PRACTICE_CERTIFICATIONS, key)),
    offices: content.offices.map((office) => ({
      label: office.label,
      address: office.address,
      hours: WEEKDAYS.map((day) => ({
        day: WEEKDAY_LABELS[day],
        times: office.hours[day]
          ? `${office.hours[day].opens}–${office.hours[day].closes}`
          : 'Closed',
      })),
    })),
    staff: page.staff,
    reviews: page.reviews,
  };
}

export type ListingData = ReturnType<typeof listingData>;

/** The practice as an AccountingService (a LocalBusiness), with each office and its hours. */
export function listingJsonLd(page: ListingPage, url: string): JsonLd {
  const { content, practice } = page;
  const ratings = page.reviews.map((review) => review.rating);
  return {
    '@context': 'https://schema.org',
    '@type': 'AccountingService',
    name: practice.name,
    url,
    description: content.description.slice(0, 500),
    areaServed: MARKET_DEFINITIONS[parsePracticeMarket(practice.market) ?? 'AU'].name,
    ...(content.offices[0]
      ? {
          address: content.offices[0].address,
          geo: {
            '@type': 'GeoCoordinates',
            latitude: content.offices[0].lat,
            longitude: content.offices[0].lon,
          },
          openingHoursSpecification: WEEKDAYS.flatMap((day) => {
            const hours = content.offices[0]?.hours[day];
            return hours
              ? [
                  {
                    '@type': 'OpeningHoursSpecification',
                    dayOfWeek: SCHEMA_DAYS[day],
                    opens: hours.opens,
                    closes: hours.closes,
                  },
                ]
              : [];
          }),
        }
      : {}),
    ...(ratings.length > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue:
              Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 10) /
              10,
            reviewCount: ratings.length,
          },
        }
      : {}),
    knowsAbout: content.services.map((key) => labelOf(PRACTICE_SERVICES, key)),
  };
}
