import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  REMOTE_METHOD_PARAMS,
  REMOTE_METHODS,
  RemoteClass,
  RemoteMethod,
  RemoteMethodResults,
} from '~core/gateway';
import type { PortalConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import type { Viewer } from '~server/modules/identity';

/** Everything a server method may use: who is calling, the database, the configuration. */
export interface GatewayCall {
  viewer: Viewer;
  db: Kysely<Database>;
  config: PortalConfig;
  now: Date;
  /**
   * Who is calling, for what is bound to them: their session id, or a guest's anonymous id,
   * given to a guest (with its cookie) by the first method that asks.
   */
  visitorKey(): string;
}

/** A signed-in caller, for the classes only signed-in users or partners may call. */
export type SignedInCall = GatewayCall & { viewer: Extract<Viewer, { isGuest: false }> };

/** Who may call a class's methods; anyone else is denied with the class named. */
export type ClassAccess = 'anyone' | 'signed-in' | 'partner';

export type MethodParams<M extends RemoteMethod> = z.output<(typeof REMOTE_METHOD_PARAMS)[M]>;

type MethodsOf<C extends RemoteClass> = {
  [M in RemoteMethod]: (typeof REMOTE_METHODS)[M]['remoteClass'] extends C ? M : never;
}[RemoteMethod];

type CallFor<A extends ClassAccess> = A extends 'anyone' ? GatewayCall : SignedInCall;

/** A server class: its access rule and one implementation per method of the spec's table. */
export interface RemoteClassImplementation<C extends RemoteClass, A extends ClassAccess> {
  remoteClass: C;
  access: A;
  methods: {
    [M in MethodsOf<C>]: (
      call: CallFor<A>,
      params: MethodParams<M>,
    ) => Promise<RemoteMethodResults[M]>;
  };
}

/** Declares a class with the types of its methods checked against the shared table. */
export function defineRemoteClass<C extends RemoteClass, A extends ClassAccess>(
  implementation: RemoteClassImplementation<C, A>,
): RemoteClassImplementation<C, A> {
  return implementation;
}
