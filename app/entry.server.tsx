import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { NonceContext } from './nonce.ts';
import { scriptsAfterFirstPaint } from './scripts-after-first-paint.server.ts';

export const streamTimeout = 5_000;

/**
 * Called for every error a loader or action throws. The server decides what it means (a
 * database fault answers 503, docs/reliability.md); anything else is logged as React Router
 * does by default, and the error boundary renders it.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // React Router wraps some errors (a 404 it raises itself, say) in a response that keeps the
  // cause in a field its types do not name.
  const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = wrapped ?? error;
  if (context.reportError(cause) || request.signal.aborted) return;
  console.error(cause);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Crawlers get the whole document at once; people get the shell as soon as it is ready.
  const crawler = isbot(request.headers.get('user-agent') ?? '');
  // A guest's page has no nonce: its policy names its inline scripts by hash (decision 021).
  const nonce = loadContext.nonce || undefined;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The abort timer holds the render (its request, loader data and React tree) until it
    // fires, so it is cleared as soon as the render is complete: left to run, the renders of
    // the last six seconds stayed reachable, a thousand of them under load (docs/performance.md).
    const abortTimer = setTimeout(() => abort(), streamTimeout + 1_000);
    const stream = () => {
      shellRendered = true;
      const body = scriptsAfterFirstPaint();
      responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // A Suspense boundary that has its content when it is written is written in place. By
        // default React writes it after the rest once the page passes 12,800 bytes, hidden until
        // an inline script moves it in, which delays it past the first paint (and never happens
        // without scripts): the home page's recommendation blocks came that way.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          if (!crawler) stream();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (crawler) stream();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already streaming; the route's error boundary shows them.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
