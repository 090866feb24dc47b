import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { createRequestListener } from '@react-router/node';
import type { ServerBuild } from 'react-router';

// Serves the bare app's build on PORT, the way React Router's own Node adapter does.
const build = (await import(
  pathToFileURL(resolve(import.meta.dirname, 'build/server/index.js')).href
)) as ServerBuild;
const server = createServer(createRequestListener({ build, mode: 'production' }));
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
