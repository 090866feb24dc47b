import { data, Link, type MetaArgs } from 'react-router';
import { pageMeta } from '../meta.ts';
import { useRouteContract } from '../site.ts';

/** The sign-in start path answers honestly until single sign-on is built. */
export function loader() {
  return data(null, { status: 503, headers: { 'Retry-After': '86400' } });
}

export function meta({ matches }: MetaArgs) {
  return pageMeta(matches, () => 'Sign in', { noIndex: true });
}

export default function SignInUnavailable() {
  const contract = useRouteContract();
  return (
    <div className="page">
      <h1>Sign in</h1>
      <p>
        Signing in is not available on this site yet. You can still read help and search without an
        account.
      </p>
      <p>
        <Link to={contract?.path('home') ?? '/'}>Go to the support home page</Link>
      </p>
    </div>
  );
}
