import { data, Link } from 'react-router';
import { pageHeading } from '~core/routes';
import { StandaloneSearchBox } from '../components/StandaloneSearchBox.tsx';
import { useSite } from '../site.ts';
import { headedPageMeta } from '~app/meta.ts';

/** Where a link without a usable id or url name ends up; a 404 to crawlers, never indexed. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = headedPageMeta('error', { noIndex: true });

export default function ErrorPage() {
  const site = useSite();
  if (!site) return null;
  const { config, contract } = site;
  return (
    <div className="page">
      <h1>{pageHeading('error', config)}</h1>
      <p>The link you followed is incomplete or out of date. Try searching for what you need.</p>
      <StandaloneSearchBox placeholder="Search support, learning, and discussions" />
      <p>
        <Link to={contract.path('home') ?? '/'}>Go to the support home page</Link>
      </p>
    </div>
  );
}
