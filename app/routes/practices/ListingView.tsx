import communityStyles from '~app/components/community/community.module.css';
import { JsonLd } from '~app/seo/JsonLd.tsx';
import type { JsonLd as JsonLdValue } from '~app/seo/json-ld.ts';
import type { ListingData } from './listing-data.server.ts';
import styles from './practices.module.css';

/**
 * A listing as visitors see it: on its own page and, for the practice, as the preview of its
 * draft. `headingLevel` lets the preview sit under the manage page's own heading.
 */
export function ListingView({
  listing,
  jsonLd,
  headingLevel = 1,
}: {
  listing: ListingData;
  jsonLd?: JsonLdValue;
  headingLevel?: 1 | 2;
}) {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  const chips = (label: string, items: readonly string[]) =>
    items.length === 0 ? null : (
      <div>
        <Sub className={communityStyles.sideTitle}>{label}</Sub>
        <ul className={styles.tags}>
          {items.map((item) => (
            <li key={item} className={styles.tag}>
              {item}
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <article>
      {jsonLd ? <JsonLd data={jsonLd} /> : null}
      <header
        className={
          listing.logo ? `${communityStyles.header} ${styles.result}` : communityStyles.header
        }
      >
        {listing.logo ? (
          <img
            className={styles.logo}
            src={listing.logo}
            alt={`${listing.name} logo`}
            width={56}
            height={56}
          />
        ) : null}
        <div>
          <Title className={communityStyles.title}>{listing.name}</Title>
          <p className={communityStyles.meta}>
            {listing.places}, {listing.marketName} · {listing.tier} partner
          </p>
        </div>
      </header>
      <div dangerouslySetInnerHTML={{ __html: listing.descriptionHtml }} />
      {chips('Services', listing.services)}
      {chips('Industries', listing.industries)}
      {chips('Languages', listing.languages)}
      {chips('Certifications', listing.certifications)}
      <section className={communityStyles.section}>
        <Sub className={communityStyles.sectionTitle}>Offices</Sub>
        <div className={styles.offices}>
          {listing.offices.map((office) => (
            <div key={`${office.label}-${office.address}`}>
              <p>
                <strong>{office.label}</strong>
                <br />
                {office.address}
              </p>
              <table className={styles.hours}>
                <caption className="visually-hidden">Opening hours of {office.label}</caption>
                <tbody>
                  {office.hours.map((line) => (
                    <tr key={line.day}>
                      <th scope="row">{line.day}</th>
                      <td>{line.times}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        </div>
      </section>
      {listing.staff.length > 0 ? (
        <section className={communityStyles.section}>
          <Sub className={communityStyles.sectionTitle}>People</Sub>
          <ul>
            {listing.staff.map((person) => (
              <li key={person.name}>
                {person.name}
                {person.role === 'principal' ? ', principal contact' : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={communityStyles.section}>
        <Sub className={communityStyles.sectionTitle}>Client reviews</Sub>
        {listing.reviews.length === 0 ? (
          <p className={communityStyles.empty}>No reviews yet.</p>
        ) : (
          <ul className={communityStyles.list}>
            {listing.reviews.map((review) => (
              <li key={review.id} className={communityStyles.card}>
                <p>
                  <span className={styles.stars} aria-hidden="true">
                    {'★'.repeat(review.rating)}
                    {'☆'.repeat(5 - review.rating)}
                  </span>
                  <span className="visually-hidden">{review.rating} out of 5 stars</span> ·{' '}
                  {review.name}
                </p>
                <p className={communityStyles.cardText}>{review.body}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
