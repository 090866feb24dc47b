import type { LoaderFunctionArgs } from 'react-router';
import { badgeClassLoader } from './recognition-badge.server.ts';

/** GET RECOGNITION_BADGE_PATTERNS.badgeClass: what a tier's badge stands for. */
export function loader(args: LoaderFunctionArgs) {
  return badgeClassLoader(args);
}
