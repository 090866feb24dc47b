import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { GLOSSARY_PATH, glossaryEntryPath } from '~core/routes';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { JsonLd } from '~app/seo/JsonLd.tsx';
import { breadcrumbListJsonLd, collectionPageJsonLd } from '~app/seo/json-ld.ts';
import { routeContractFor } from '~app/site.ts';
import { listGlossary } from './content.server.ts';
import { GLOSSARY_HEADING, GLOSSARY_LETTERS, groupByLetter } from './glossary-groups.ts';
import styles from './kb.module.css';
import { trail } from './page-data.server.ts';

export async function loader({ context }: LoaderFunctionArgs) {
  const { config, db } = context;
  const contract = routeContractFor(config);
  const canonicalUrl = `${config.siteUrl}${GLOSSARY_PATH}`;
  const description = `Plain-English definitions of the accounting, payroll and tax terms used in ${config.brand} help.`;
  const { breadcrumbs, crumbs } = trail(contract, config.siteUrl, [], {
    label: GLOSSARY_HEADING,
    url: canonicalUrl,
  });
  const seo: PageSeo = { heading: GLOSSARY_HEADING, description, canonicalUrl, type: 'website' };
  const entries = await listGlossary(db);
  return {
    seo,
    description,
    groups: groupByLetter(
      entries.map((entry) => ({
        id: entry.id,
        term: entry.term,
        summary: entry.summary,
        to: glossaryEntryPath(entry.slug),
      })),
    ),
    breadcrumbs,
    jsonLd: [
      collectionPageJsonLd({ name: GLOSSARY_HEADING, description, url: canonicalUrl }),
      breadcrumbListJsonLd(crumbs),
    ],
  };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

function letterId(letter: string): string {
  return letter === '#' ? 'letter-other' : `letter-${letter.toLowerCase()}`;
}

export default function GlossaryIndexPage() {
  const { description, groups, breadcrumbs, jsonLd } = useLoaderData<typeof loader>();
  const present = new Set(groups.map((group) => group.letter));
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <header className={`${styles.header} ${styles.measure}`}>
        <h1 className={styles.title}>{GLOSSARY_HEADING}</h1>
        <p className={styles.summary}>{description}</p>
      </header>
      {groups.length > 0 ? (
        <>
          <nav aria-label="Glossary letters">
            <ul className={styles.letterNav}>
              {GLOSSARY_LETTERS.map((letter) => (
                <li key={letter}>
                  {present.has(letter) ? (
                    <a href={`#${letterId(letter)}`}>{letter}</a>
                  ) : (
                    <span aria-disabled="true">
                      {letter}
                      <span className="visually-hidden"> (no terms)</span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.measure}>
            {groups.map((group) => (
              <section
                key={group.letter}
                id={letterId(group.letter)}
                className={styles.letterGroup}
                aria-labelledby={`${letterId(group.letter)}-heading`}
              >
                <h2 id={`${letterId(group.letter)}-heading`} className={styles.letterHeading}>
                  {group.letter}
                </h2>
                <dl className={styles.termList}>
                  {group.entries.map((entry) => (
                    <div key={entry.id}>
                      <dt>
                        <Link to={entry.to}>{entry.term}</Link>
                      </dt>
                      <dd>{entry.summary}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </>
      ) : (
        <p className={styles.empty}>No glossary terms have been published yet.</p>
      )}
      <JsonLd data={jsonLd} />
    </div>
  );
}
