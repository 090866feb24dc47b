import { Link } from 'react-router';
import { useRouteContract } from '../site.ts';
import { StandaloneSearchBox } from './StandaloneSearchBox.tsx';

export function NotFound() {
  const contract = useRouteContract();
  return (
    <div className="page">
      <h1>We can’t find that page</h1>
      <p>The page may have moved, or the link may be mistyped. Try searching for what you need.</p>
      <StandaloneSearchBox placeholder="Search support, learning, and discussions" />
      <p>
        <Link to={contract?.path('home') ?? '/'}>Go to the support home page</Link>
      </p>
    </div>
  );
}
