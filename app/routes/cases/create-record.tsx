import { redirect, type LoaderFunctionArgs } from 'react-router';
import { routeContractFor } from '~app/site.ts';

/** /createrecord: the only record a visitor creates here is a case, so it starts the raise flow. */
export function loader({ context }: LoaderFunctionArgs) {
  throw redirect(routeContractFor(context.config).path('raiseSupportCase') ?? '/', 302);
}

/** Never shown: the loader always redirects. */
export default function CreateRecord() {
  return null;
}
