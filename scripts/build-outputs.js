// What `npm run build` leaves behind, checked before starting the server and the suites that
// run the built app.
import { existsSync } from 'node:fs';

export const BUILD_OUTPUTS = [
  'build/server/index.js',
  'build/client',
  'build/client/headless.js',
  'build/node/server/main.js',
];

/** The first build output that is missing, or undefined when the build is complete. */
export function missingBuildOutput() {
  return BUILD_OUTPUTS.find((path) => !existsSync(path));
}
