import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { GLOSSARY_PATH, glossaryEntryPath } from '~core/routes';
import { GLOSSARY_META, glossaryContentType } from '~core/search';
import { TrackingBlock } from '~app/blocks/tracking-block.tsx';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { RichText } from '~app/components/rich-text/RichText.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { JsonLd } from '~app/seo/JsonLd.tsx';
import { breadcrumbListJsonLd, definedTermJsonLd } from '~app/seo/json-ld.ts';
import { routeContractFor } from '~app/site.ts';
import { ContentListSection } from './ContentList.tsx';
import { findGlossaryEntry } from './content.server.ts';
import { GLOSSARY_HEADING } from './glossary-groups.ts';
import styles from './kb.module.css';
import { notFound, trail } from './page-data.server.ts';
import { renderContent } from './rich-text.server.ts';
import { articleItem } from './content-list-items.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { config, db } = context;
  const entry = await findGlossaryEntry(db, params.slug ?? '');
  if (!entry) return notFound();
  const contract = routeContractFor(config);
  const canonicalUrl = `${config.siteUrl}${glossaryEntryPath(entry.slug)}`;
  const glossaryUrl = `${config.siteUrl}${GLOSSARY_PATH}`;
  const { breadcrumbs, crumbs } = trail(
    contract,
    config.siteUrl,
    [{ label: GLOSSARY_HEADING, path: GLOSSARY_PATH }],
    { label: entry.term, url: canonicalUrl },
  );
  const seo: PageSeo = {
    heading: entry.term,
    description: entry.summary,
    canonicalUrl,
    type: 'website',
  };
  return {
    seo,
    contentType: glossaryContentType(config.brand),
    entry: { id: entry.id, term: entry.term, summary: entry.summary },
    definition: renderContent(config, entry.body).html,
    related: entry.related.map((article) => articleItem(contract, article)),
    seeAlso: entry.seeAlso.map((other) => ({
      id: other.id,
      term: other.term,
      to: glossaryEntryPath(other.slug),
    })),
    breadcrumbs,
    jsonLd: [
      definedTermJsonLd({
        term: entry.term,
        description: entry.summary,
        url: canonicalUrl,
        glossaryUrl,
        glossaryName: `${config.brand} ${GLOSSARY_HEADING.toLowerCase()}`,
      }),
      breadcrumbListJsonLd(crumbs),
    ],
  };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export default function GlossaryEntryPage() {
  const { contentType, entry, definition, related, seeAlso, breadcrumbs, jsonLd } =
    useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <TrackingBlock contentType={contentType} recordId={entry.id} contentId={entry.id} isContent />
      <Breadcrumbs items={breadcrumbs} />
      <article className={styles.measure}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>Glossary</p>
          <h1 className={styles.title}>{entry.term}</h1>
          <ul className={styles.meta} aria-label="About this term">
            {GLOSSARY_META.map((label) => (
              <li key={label} className={styles.metaItem}>
                {label}
              </li>
            ))}
          </ul>
        </header>
        <p className={styles.summary}>{entry.summary}</p>
        <RichText html={definition} />
        <ContentListSection id="related" title="Related articles" items={related} />
        {seeAlso.length > 0 ? (
          <section className={styles.section} aria-labelledby="see-also">
            <h2 id="see-also" className={styles.sectionTitle}>
              See also
            </h2>
            <ul className={styles.inlineLinks}>
              {seeAlso.map((other) => (
                <li key={other.id}>
                  <Link to={other.to}>{other.term}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
      <JsonLd data={jsonLd} />
    </div>
  );
}
