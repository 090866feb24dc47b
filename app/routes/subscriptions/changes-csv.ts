import type { LoaderFunctionArgs } from 'react-router';
import { practiceChangesCsvLoader } from './practice-changes.server.ts';

/** GET SUBSCRIPTION_CHANGES_CSV_PATH: the practice's changes as CSV, with the page's filters. */
export async function loader(args: LoaderFunctionArgs) {
  return practiceChangesCsvLoader(args);
}
