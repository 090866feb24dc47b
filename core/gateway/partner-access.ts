import { noClassAccessMessage, remoteClassName } from './remote-methods.ts';

/**
 * Spec 6 and 8: users without access to the partner server class get this denial. It is
 * expected for most users, so it is ignored, never reported.
 */
export function isPartnerAccessDenial(message: string, prefix: string): boolean {
  return message === noClassAccessMessage(remoteClassName(prefix, 'PartnerController'));
}
