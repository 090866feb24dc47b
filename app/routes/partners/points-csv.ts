import type { LoaderFunctionArgs } from 'react-router';
import { pointsCsvLoader } from './account.server.ts';

/** GET PARTNER_POINTS_CSV_PATH: the partner's points ledger as CSV, with the page's filter. */
export async function loader(args: LoaderFunctionArgs) {
  return pointsCsvLoader(args);
}
