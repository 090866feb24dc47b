import type { LoaderFunctionArgs } from 'react-router';
import { badgeIssuerLoader } from './recognition-badge.server.ts';

/** GET RECOGNITION_BADGE_PATTERNS.issuer: who issues the badges. */
export function loader(args: LoaderFunctionArgs) {
  return badgeIssuerLoader(args);
}
