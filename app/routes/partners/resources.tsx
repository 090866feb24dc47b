import { Form, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { partnerResourceAnchor, partnerResourceDownloadPath, RESOURCE_TYPES } from '~core/partner';
import { pageHeading } from '~core/routes';
import { NotPartner } from '~app/components/partners/NotPartner.tsx';
import styles from '~app/components/partners/partners.module.css';
import communityStyles from '~app/components/community/community.module.css';
import { headedPageMeta } from '~app/meta.ts';
import { useSiteConfig } from '~app/site.ts';
import { resourcesLoader } from './resources.server.ts';

export async function loader(args: LoaderFunctionArgs) {
  return resourcesLoader(args);
}

export const meta = headedPageMeta('partnersResources', { noIndex: true });

const TYPE_LABELS: Readonly<Record<string, string>> = {
  guide: 'Guide',
  'marketing-kit': 'Marketing kit',
  template: 'Template',
};

/** The partner library: guides, marketing kits and templates by type, product and tier. */
export default function ResourcesPage() {
  const page = useLoaderData<typeof loader>();
  const config = useSiteConfig();
  const heading = config ? pageHeading('partnersResources', config) : '';
  if (page.kind === 'not-partner') return <NotPartner heading={heading} />;
  const { filter } = page;
  return (
    <div className={communityStyles.page}>
      <header className={communityStyles.header}>
        <h1 className={communityStyles.title}>{heading}</h1>
        <p>Guides, marketing kits and templates for your practice. Higher tiers open more.</p>
      </header>
      <Form method="get" className={styles.filters} aria-label="Filter the resources">
        <label>
          Type
          <select className={communityStyles.select} name="type" defaultValue={filter.type}>
            <option value="">All types</option>
            {RESOURCE_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Product
          <select className={communityStyles.select} name="product" defaultValue={filter.product}>
            <option value="">All products</option>
            {page.products.map((product) => (
              <option key={product} value={product}>
                {product}
              </option>
            ))}
          </select>
        </label>
        <label>
          Access
          <select className={communityStyles.select} name="access" defaultValue={filter.access}>
            <option value="">All resources</option>
            <option value="open">Open to my tier</option>
          </select>
        </label>
        <button type="submit" className={communityStyles.quietButton}>
          Show resources
        </button>
      </Form>
      <p role="status">{`${page.resources.length} of ${page.total} resources`}</p>
      {page.resources.length === 0 ? (
        <p>No resources match. Choose another type or product.</p>
      ) : (
        <ul className={styles.cards}>
          {page.resources.map((resource) => (
            <li key={resource.id} id={partnerResourceAnchor(resource.id)} className={styles.card}>
              <h2 className={styles.cardTitle}>{resource.title}</h2>
              <p className={styles.meta}>
                {`${TYPE_LABELS[resource.type] ?? resource.type} · ${resource.product}`}
              </p>
              <p>{resource.summary}</p>
              {resource.lock === null ? (
                <a href={partnerResourceDownloadPath(resource.id)}>
                  Open<span className="visually-hidden">{` ${resource.title}`}</span>
                </a>
              ) : (
                <p className={styles.locked}>
                  <span aria-hidden="true">🔒 </span>
                  {resource.lock}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
