import { missingBuildOutput } from '../../scripts/build-outputs.js';

/** The HTTP and browser suites run the built app; `npm test` builds before it runs them. */
export default function requireBuild(): void {
  const missing = missingBuildOutput();
  if (missing !== undefined) {
    throw new Error(`${missing} is missing: run "npm run build" first (npm test does)`);
  }
}
