import type { LoaderFunctionArgs } from 'react-router';
import { badgeImageLoader } from './recognition-badge.server.ts';

/** GET RECOGNITION_BADGE_PATTERNS.image: the badge as an embeddable SVG. */
export async function loader(args: LoaderFunctionArgs) {
  return badgeImageLoader(args);
}
