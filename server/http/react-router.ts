import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { createRequestHandler } from 'react-router';
import { BODY_LIMITS } from './body-limits.ts';
import type { GuestPages, RenderOutcome } from './guest-pages.ts';
import {
  BodyRefusal,
  checkPageForm,
  isPageForm,
  NOT_A_FORM,
  readBoundedBody,
  sendBodyRefusal,
} from './request-bodies.ts';
import { readUploadForm, removeUploads, type UploadedFile } from './upload-form.ts';

/**
 * The load context the server builds; the mount adds `reportError` itself. (Omit would keep
 * only AppLoadContext's index signature, so the named keys are mapped one by one.)
 */
export type ServerLoadContext = {
  [
    K in keyof AppLoadContext as string extends K
      ? never
      : K extends 'reportError' | 'uploads'
        ? never
        : K
  ]: AppLoadContext[K];
};

export interface ReactRouterMount {
  /**
   * The server build: the object itself in production; a function only for the dev server,
   * which hands out fresh modules (React Router then resolves it on every request).
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'development' | 'production';
  loadContext: (request: FastifyRequest) => ServerLoadContext;
  /** Runs first; answers the request itself when it returns true. */
  before?: (request: FastifyRequest, reply: FastifyReply) => boolean;
  /**
   * Errors the server answers itself instead of the rendered error boundary (a database
   * fault's 503, database-faults.ts): `claims` picks them, `answer` replies to the request.
   */
  ownErrors?: {
    claims(error: unknown): boolean;
    answer(error: unknown, request: FastifyRequest, reply: FastifyReply): void;
  };
  /** Guests' pages, shared between guests for a few seconds (guest-pages.ts). */
  guestPages?: GuestPages;
  /** Told when a page action went through: it may have changed what guests' pages show. */
  pagesChanged?: () => void;
  /**
   * The pages whose forms take files (decision 034), by path, and the folder their files wait
   * in until the action has stored them.
   */
  uploads?: { takesFiles(pathname: string, request: FastifyRequest): boolean; dir: string };
}

/** A page post as the action reads it: its form as a body, and the files that came with it. */
interface PageBody {
  body: Buffer;
  /** Set when the form's multipart body was parsed here: the action gets it urlencoded. */
  contentType?: string;
  files: UploadedFile[];
}

function webRequest(
  request: FastifyRequest,
  signal: AbortSignal,
  page?: PageBody,
  method = request.method,
): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (page?.contentType && (name === 'content-type' || name === 'content-length')) continue;
    // With Referrer-Policy no-referrer a script-less form posts 'Origin: null', which React
    // Router's own origin check refuses before the action runs; the CSRF layer has already
    // checked the form's token, so the header carries nothing more here.
    if (name === 'origin' && value === 'null') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (page?.contentType) headers.set('content-type', page.contentType);
  return new Request(url, {
    method,
    headers,
    signal,
    ...(page ? { body: new Uint8Array(page.body) } : {}),
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  await reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
}

/**
 * A page post's body, read here rather than by the action (decision 014): bounded by the
 * page-form limit while it streams in, and checked to be a form the action can read, so an
 * oversized or broken body is a 413 or 400 instead of memory or a 500. The session, rate-limit
 * and CSRF hooks have all run by now, before a byte of it was read. A page that takes files
 * gets its multipart form parsed here, the files streamed to disk (upload-form.ts).
 */
async function pageBody(
  request: FastifyRequest,
  uploads: ReactRouterMount['uploads'],
): Promise<PageBody | undefined> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const contentType = request.headers['content-type'];
  const mediaType = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase();
  // A script-driven post goes to the page's data address (`/case.data`).
  const pathname = new URL(request.url, 'http://page').pathname.replace(/\.data$/, '');
  if (uploads?.takesFiles(pathname, request) && mediaType === 'multipart/form-data') {
    const form = await readUploadForm(request.raw, uploads.dir);
    return {
      body: Buffer.from(form.fields.toString()),
      contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
      files: form.files,
    };
  }
  const body = await readBoundedBody(request.raw, BODY_LIMITS.pageForm);
  await checkPageForm(contentType, body);
  return { body, files: [] };
}

/**
 * Serves every page through React Router. Its scope leaves the raw body to `pageBody`, and a
 * closed connection aborts the render.
 */
export async function mountReactRouter(
  app: FastifyInstance,
  mount: ReactRouterMount,
): Promise<void> {
  const handler = createRequestHandler(mount.build, mount.mode);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/*', async (request, reply) => {
      if (mount.before?.(request, reply)) return reply;
      let page: PageBody | undefined;
      try {
        page = await pageBody(request, mount.uploads);
      } catch (error) {
        if (!(error instanceof BodyRefusal)) throw error;
        await sendBodyRefusal(request, reply, error);
        return reply;
      }
      const files = page?.files ?? [];
      // The action has moved the files it kept; what is left is removed once the page is sent.
      if (files.length > 0)
        reply.raw.once('close', () => void removeUploads(files.map((file) => file.path)));
      const body = page?.body;
      const render = async (method = request.method): Promise<RenderOutcome> => {
        const controller = new AbortController();
        reply.raw.once('close', () => controller.abort());
        // React Router catches what loaders throw and renders the error boundary as a 500; the
        // app's handleError (entry.server.tsx) hands each error here, so a fault that has an
        // answer of its own (503 with Retry-After) replaces that page.
        let claimed: { error: unknown } | undefined;
        const response = await handler(webRequest(request, controller.signal, page, method), {
          ...mount.loadContext(request),
          uploads: files,
          reportError: (error: unknown) => {
            if (!mount.ownErrors?.claims(error)) return false;
            claimed ??= { error };
            return true;
          },
        });
        if (claimed === undefined) return { kind: 'response', response };
        await response.body?.cancel();
        return { kind: 'fault', error: claimed.error };
      };
      const answerFault = (error: unknown) => mount.ownErrors?.answer(error, request, reply);

      if (mount.guestPages?.shareable(request)) {
        // React Router answers a HEAD without the page; a guest's HEAD gets a GET's headers.
        await mount.guestPages.serve(request, reply, () => render('GET'), answerFault);
        return reply;
      }
      const outcome = await render();
      if (outcome.kind === 'fault') {
        answerFault(outcome.error);
        return reply;
      }
      const response = outcome.response;
      // An action that met a body it cannot read as a form failed on it: the caller's mistake.
      // (React Router has logged the failure; a page without an action has answered 405.)
      if (response.status === 500 && body?.length && !isPageForm(request.headers['content-type'])) {
        await response.body?.cancel();
        await sendBodyRefusal(request, reply, NOT_A_FORM);
        return reply;
      }
      if (body !== undefined && response.status < 400) mount.pagesChanged?.();
      await sendWebResponse(reply, response);
      return reply;
    });
  });
}
