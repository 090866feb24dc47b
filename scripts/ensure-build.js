// `npm start` on a fresh checkout: build once, then start. A present build is used as it is.
import { execSync } from 'node:child_process';
import { missingBuildOutput } from './build-outputs.js';

if (missingBuildOutput() !== undefined) {
  console.error('No build yet: running "npm run build" first.');
  execSync('npm run build', { stdio: 'inherit' });
}
