import type { LoaderFunctionArgs } from 'react-router';
import { followStepLoader } from './suggestions.server.ts';

/** GET PARTNER_STEP_FOLLOW_PATTERN: records that the partner followed a step, then goes there. */
export async function loader(args: LoaderFunctionArgs) {
  return followStepLoader(args);
}
