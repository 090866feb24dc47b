import { existsSync } from 'node:fs';

/** The HTTP and browser suites run the built app; `npm test` builds before it runs them. */
export default function requireBuild(): void {
  for (const output of ['build/server/index.js', 'build/client', 'build/node/server/main.js']) {
    if (!existsSync(output))
      throw new Error(`${output} is missing: run "npm run build" first (npm test does)`);
  }
}
