import { Form, Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import {
  DIRECTORY_FILTERS,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_PATH,
  DIRECTORY_RADII_KM,
  directoryQueryFrom,
  directorySearchParams,
  labelOf,
  LISTING_TIERS,
  listingPath,
  logoPath,
  MARKET_DEFINITIONS,
  parsePracticeMarket,
  PRACTICE_SERVICES,
  type Choice,
} from '~core/practices';
import { PageLinks } from '~app/components/community/PageLinks.tsx';
import communityStyles from '~app/components/community/community.module.css';
import { pageMeta } from '~app/meta.ts';
import styles from './practices.module.css';
import { searchDirectory, visitorMarket } from './practices.server.ts';

/*
 * The filters' choices and the cards' labels come with the page's data: the vocabularies stay on
 * the server, and the page's scripts carry only what renders them (decision 040).
 */

export async function loader({ request, context }: LoaderFunctionArgs) {
  const query = directoryQueryFrom(new URL(request.url).searchParams);
  const results = await searchDirectory(context, query, visitorMarket(request, context));
  const search = directorySearchParams(query).toString();
  return {
    query,
    filters: DIRECTORY_FILTERS.map(({ param, legend, choices, field }) => ({
      name: param,
      legend,
      choices,
      chosen: query[field],
    })),
    results: {
      ...results,
      cards: results.cards.map((card) => ({
        ...card,
        marketName: MARKET_DEFINITIONS[parsePracticeMarket(card.market) ?? 'AU'].name,
        tierLabel: labelOf(LISTING_TIERS, card.tier),
        services: card.services.map((service) => labelOf(PRACTICE_SERVICES, service)),
      })),
    },
    canonical: `${context.config.siteUrl}${DIRECTORY_PATH}${search ? `?${search}` : ''}`,
    pageCount: Math.ceil(results.total / DIRECTORY_PAGE_SIZE),
  };
}

export function meta({ matches, data }: MetaArgs<typeof loader>) {
  const place = data?.results.place?.label;
  return [
    ...pageMeta(matches, () => (place ? `Advisors near ${place}` : 'Advisor directory'), {
      description: (config) =>
        `Find an accountant or bookkeeper who knows ${config.product}${place ? ` near ${place}` : ''}: search certified advisors by place, services, industries and languages, and contact them.`,
    }),
    ...(data ? [{ tagName: 'link', rel: 'canonical', href: data.canonical }] : []),
  ];
}

function ChoiceGroup({
  name,
  legend,
  choices,
  chosen,
}: {
  name: string;
  legend: string;
  choices: readonly Choice[];
  chosen: readonly string[];
}) {
  return (
    <fieldset className={communityStyles.fieldset}>
      <legend className={communityStyles.legend}>{legend}</legend>
      <div className={communityStyles.checkboxes}>
        {choices.map((choice) => (
          <label key={choice.key} className={communityStyles.checkbox}>
            <input
              type="checkbox"
              name={name}
              value={choice.key}
              defaultChecked={chosen.includes(choice.key)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join('');

export default function AdvisorDirectoryPage() {
  const { query, filters, results, pageCount } = useLoaderData<typeof loader>();
  const filtered = filters.some((group) => group.chosen.length > 0);
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <h1 className={communityStyles.title}>Advisor directory</h1>
        <p className={communityStyles.intro}>
          Find an accountant or bookkeeper near you who knows the software, and get in touch.
        </p>
      </header>
      <Form method="get" className={styles.search} aria-label="Find an advisor">
        <div className={communityStyles.field}>
          <label htmlFor="directory-place" className={communityStyles.label}>
            Postcode or town
          </label>
          <input
            id="directory-place"
            name="place"
            type="search"
            className={communityStyles.input}
            defaultValue={query.place}
            maxLength={80}
            autoComplete="postal-code"
            aria-invalid={results.placeUnknown ? true : undefined}
            aria-describedby={results.placeUnknown ? 'directory-place-error' : undefined}
          />
          {results.placeUnknown ? (
            <p id="directory-place-error" role="alert" className={communityStyles.error}>
              We could not find "{query.place}". Try the name of a town or city, or a postcode
              nearby.
            </p>
          ) : null}
        </div>
        <div className={communityStyles.field}>
          <label htmlFor="directory-radius" className={communityStyles.label}>
            Within
          </label>
          <select
            id="directory-radius"
            name="radius"
            className={communityStyles.select}
            defaultValue={String(query.radiusKm)}
          >
            {DIRECTORY_RADII_KM.map((radius) => (
              <option key={radius} value={radius}>
                {radius} km
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={communityStyles.button}>
          Find advisors
        </button>
        <details className={styles.filterPanel} open={filtered}>
          <summary>Filters</summary>
          <div className={styles.filters}>
            {filters.map((group) => (
              <ChoiceGroup key={group.name} {...group} />
            ))}
          </div>
        </details>
      </Form>
      <section aria-labelledby="directory-results">
        <h2 id="directory-results" className={communityStyles.sectionTitle} aria-live="polite">
          {results.total === 1 ? '1 advisor' : `${results.total} advisors`}
          {results.place ? ` within ${query.radiusKm} km of ${results.place.label}` : ''}
        </h2>
        {results.cards.length === 0 ? (
          <p className={communityStyles.empty}>
            No advisors match. Widen the distance or clear some filters.
          </p>
        ) : (
          <ol className={styles.results}>
            {results.cards.map((card) => (
              <li key={card.slug} className={`${communityStyles.card} ${styles.result}`}>
                {card.logo ? (
                  <img
                    className={styles.logo}
                    src={logoPath(card.logo)}
                    alt=""
                    width={56}
                    height={56}
                  />
                ) : (
                  <span className={styles.initials} aria-hidden="true">
                    {initialsOf(card.name)}
                  </span>
                )}
                <div>
                  <h3 className={communityStyles.cardTitle}>
                    <Link to={listingPath(card.slug)}>{card.name}</Link>
                  </h3>
                  <p className={communityStyles.meta}>
                    {card.city}, {card.marketName}
                    {card.distanceKm !== undefined
                      ? results.place?.centreOf
                        ? ` · ${card.distanceKm} km from the centre of ${results.place.centreOf}`
                        : ` · ${card.distanceKm} km away`
                      : ''}{' '}
                    · {card.tierLabel} partner
                  </p>
                  <p className={communityStyles.cardText}>{card.excerpt}</p>
                  <ul className={styles.tags} aria-label="Services">
                    {card.services.map((service) => (
                      <li key={service} className={styles.tag}>
                        {service}
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ol>
        )}
        <PageLinks page={query.page} count={pageCount} label="Pages of advisors" />
      </section>
    </div>
  );
}
