import type { LoaderFunctionArgs } from 'react-router';
import { badgeAssertionLoader } from './recognition-badge.server.ts';

/** GET RECOGNITION_BADGE_PATTERNS.assertion: the Open Badges assertion, hosted. */
export async function loader(args: LoaderFunctionArgs) {
  return badgeAssertionLoader(args);
}
