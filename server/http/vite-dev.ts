import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';

/**
 * `npm run dev`: Vite in middleware mode serves the client modules with hot reload, and the
 * server build is loaded fresh from Vite for every request.
 */
export async function attachViteDevServer(
  app: FastifyInstance,
): Promise<() => Promise<ServerBuild>> {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  app.addHook('onRequest', async (request, reply) => {
    const handled = await new Promise<boolean>((resolve) => {
      reply.raw.once('finish', () => resolve(true));
      vite.middlewares(request.raw, reply.raw, () => resolve(false));
    });
    if (handled) reply.hijack();
  });
  app.addHook('onClose', async () => vite.close());
  return async () => (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
}
