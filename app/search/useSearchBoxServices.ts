import { useEffect, useState } from 'react';
import { reportError } from '../analytics/analytics.ts';
import type * as Services from './search-box-services.ts';

export type SearchBoxServices = typeof Services;

let loading: Promise<SearchBoxServices> | undefined;

/** One load per page, shared by every box; a failed load (the network) is tried again next time. */
export function loadSearchBoxServices(): Promise<SearchBoxServices> {
  loading ??= import('./search-box-services.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The box's services once `wanted` has been true: until then, and on the server, none. */
export function useSearchBoxServices(wanted: boolean): SearchBoxServices | undefined {
  const [services, setServices] = useState<SearchBoxServices>();
  useEffect(() => {
    if (!wanted || services) return;
    let live = true;
    loadSearchBoxServices().then(
      (loaded) => {
        if (live) setServices(loaded);
      },
      (error: unknown) => reportError(error, { source: 'StandaloneSearchBox.load' }),
    );
    return () => {
      live = false;
    };
  }, [wanted, services]);
  return services;
}
