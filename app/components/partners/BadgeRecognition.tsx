import { Link } from 'react-router';
import { holdersText } from '~core/partner';
import { listingPath } from '~core/practices';
import styles from './partners.module.css';

interface Recognition {
  certifications: Array<{ name: string; earnedOn: string; expiresOn: string | null }>;
  practice: {
    name: string;
    tierLabel: string | null;
    listedSlug: string | null;
    certifications: Array<{ name: string; holders: number }>;
  } | null;
}

function dayOf(isoDay: string): string {
  return new Date(`${isoDay.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Beside a recognition badge: the holder's certifications in force and their practice with how
 * many of its people hold each certification (colleagues are counted, never named).
 */
export function BadgeRecognition({
  earner,
  recognition,
}: {
  earner: string;
  recognition: Recognition;
}) {
  const { certifications, practice } = recognition;
  return (
    <>
      {certifications.length > 0 ? (
        <section className={styles.section} aria-labelledby="certifications-heading">
          <h2 id="certifications-heading">{earner}&rsquo;s certifications</h2>
          <ul>
            {certifications.map((certification) => (
              <li key={`${certification.name}-${certification.earnedOn}`}>
                <strong>{certification.name}</strong>, earned {dayOf(certification.earnedOn)}
                {certification.expiresOn ? `, valid until ${dayOf(certification.expiresOn)}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {practice ? (
        <section className={styles.section} aria-labelledby="practice-heading">
          <h2 id="practice-heading">{practice.name}</h2>
          {practice.tierLabel ? (
            <p>{practice.tierLabel} tier practice in the partner programme.</p>
          ) : null}
          {practice.certifications.length > 0 ? (
            <>
              <h3>Certifications in the practice</h3>
              <ul>
                {practice.certifications.map((certification) => (
                  <li key={certification.name}>
                    <strong>{certification.name}</strong>, {holdersText(certification.holders)}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>No one in the practice holds a certification in force yet.</p>
          )}
          {practice.listedSlug ? (
            <p>
              <Link to={listingPath(practice.listedSlug)}>
                See {practice.name} in the advisor directory
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
