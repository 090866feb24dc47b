import type { LoaderFunctionArgs } from 'react-router';
import { resourceDownloadLoader } from './resources.server.ts';

/** GET PARTNER_RESOURCE_DOWNLOAD_PATTERN: counts the download, then opens the resource. */
export async function loader(args: LoaderFunctionArgs) {
  return resourceDownloadLoader(args);
}
