import type { LoaderFunctionArgs } from 'react-router';
import { changesCsvLoader } from './changes.server.ts';

/** GET PARTNER_ADMIN_PATHS.changesCsv: the record of configuration changes as CSV, by kind. */
export async function loader(args: LoaderFunctionArgs) {
  return changesCsvLoader(args);
}
