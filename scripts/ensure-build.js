// `npm start` on a fresh checkout: build once, then start. A present build is used as it is.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const outputs = ['build/server/index.js', 'build/client', 'build/node/server/main.js'];
if (!outputs.every((path) => existsSync(path))) {
  console.error('No build yet: running "npm run build" first.');
  execSync('npm run build', { stdio: 'inherit' });
}
