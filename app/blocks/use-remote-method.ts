import { useEffect, useState } from 'react';
import { isPartnerAccessDenial } from '~core/gateway';
import type { RemoteMethod, RemoteMethodParams, RemoteMethodResults } from '~core/gateway';
import { reportError } from '../analytics/analytics.ts';
import { useGateway, type GatewayClient } from '../gateway-client.ts';
import { useSiteConfig } from '../site.ts';

export type RemoteState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed' };

/** What a block reports when a call fails (spec 8): the denial of the partner class is expected. */
export function reportCallFailure(error: unknown, prefix: string, source: string): void {
  const message = error instanceof Error ? error.message : String(error);
  if (!isPartnerAccessDenial(message, prefix)) reportError(error, { source });
}

/**
 * Calls a remote method once the block is in the browser (blocks render their loading state on
 * the server) and while `enabled`. A failure is reported and leaves the state 'failed', which
 * every block treats as "hide".
 */
export function useRemoteMethod<M extends RemoteMethod>(
  method: M,
  params: RemoteMethodParams<M>,
  options: { enabled?: boolean; source: string },
): {
  state: RemoteState<RemoteMethodResults[M]>;
  gateway: GatewayClient | undefined;
} {
  const gateway = useGateway();
  const prefix = useSiteConfig()?.prefix ?? '';
  const enabled = options.enabled ?? true;
  const key = JSON.stringify(params);
  const [state, setState] = useState<RemoteState<RemoteMethodResults[M]>>({ status: 'loading' });
  const { source } = options;

  useEffect(() => {
    if (!gateway || !enabled) return;
    let current = true;
    gateway.call(method, JSON.parse(key) as RemoteMethodParams<M>).then(
      (data) => {
        if (current) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        reportCallFailure(error, prefix, source);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [gateway, enabled, method, key, prefix, source]);

  return { state, gateway };
}
