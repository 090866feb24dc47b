import { REMOTE_METHODS, remoteClassName, type RemoteMethod } from '~core/gateway';
import type { Viewer } from '~server/modules/identity';
import { mayUsePartnerProgramme } from '~server/modules/partners';
import { audienceProvider } from './classes/audience-provider.ts';
import { customerTaskController } from './classes/customer-task-controller.ts';
import { headlessSearchController } from './classes/headless-search-controller.ts';
import { partnerController } from './classes/partner-controller.ts';
import { tracking } from './classes/tracking.ts';
import { userDataUtility } from './classes/user-data-utility.ts';
import type { ClassAccess, GatewayCall } from './remote-class.ts';

/** A method as the gateway dispatches it, its types checked where the class is defined. */
export type DispatchedMethod = (call: GatewayCall, params: unknown) => Promise<unknown>;

export interface ServerClass {
  /** '{prefix}_PartnerController' */
  name: string;
  access: ClassAccess;
  methods: ReadonlyMap<RemoteMethod, DispatchedMethod>;
}

const IMPLEMENTATIONS = [
  headlessSearchController,
  userDataUtility,
  tracking,
  partnerController,
  audienceProvider,
  customerTaskController,
];

/** The server classes of spec 7 under this site's prefix, by class name. */
export function serverClasses(prefix: string): ReadonlyMap<string, ServerClass> {
  const classes = new Map<string, ServerClass>();
  for (const implementation of IMPLEMENTATIONS) {
    const methods = new Map<RemoteMethod, DispatchedMethod>(
      Object.entries(implementation.methods).map(
        ([method, run]) => [method as RemoteMethod, run as DispatchedMethod] as const,
      ),
    );
    const name = remoteClassName(prefix, implementation.remoteClass);
    classes.set(name, { name, access: implementation.access, methods });
  }
  return classes;
}

/** Whether the method belongs to the class: every name of the table, nothing else. */
export function isMethodOf(serverClass: ServerClass, method: string): method is RemoteMethod {
  return Object.hasOwn(REMOTE_METHODS, method) && serverClass.methods.has(method as RemoteMethod);
}

/** Spec 6: guests call only open classes; partner classes need a signed-in partner. */
export function mayCall(access: ClassAccess, viewer: Viewer): boolean {
  switch (access) {
    case 'anyone':
      return true;
    case 'signed-in':
      return !viewer.isGuest;
    case 'partner':
      return mayUsePartnerProgramme(viewer);
  }
}
