import { data, type MetaArgs } from 'react-router';
import { NotFound } from '../components/NotFound.tsx';
import { pageMeta } from '../meta.ts';

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: MetaArgs) {
  return pageMeta(matches, () => 'Page not found', { noIndex: true });
}

export default NotFound;
