import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAYLOAD_TOO_LARGE, tooLargeMessage, UNSUPPORTED_MEDIA_TYPE } from './body-limits.ts';

/** Why a body was refused before any handler saw it; answered as `status` with `message`. */
export class BodyRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
    readonly errorCode: string,
  ) {
    super(message);
  }
}

const PAGE_FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * Request bodies are read as sent: no route decodes a compressed body, and one that tried would
 * need a second limit on what the body inflates to. Refused on every route, before reading.
 */
export function refuseEncodedBodies(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding === undefined || encoding === '' || encoding === 'identity') return;
    await reply.status(415).send({
      message: `Request bodies with Content-Encoding "${encoding}" are not accepted: send them uncompressed.`,
      errorCode: UNSUPPORTED_MEDIA_TYPE,
    });
  });
}

/**
 * Reads a body of at most `limit` bytes, counting as it streams in: a declared Content-Length
 * over the limit is refused before the first byte, a longer stream as soon as it passes the
 * limit. What follows the limit is drained unread (the answer closes the connection), so a
 * 100 MB post holds at most `limit` bytes of memory.
 */
export function readBoundedBody(raw: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => new BodyRefusal(413, tooLargeMessage(limit), PAYLOAD_TOO_LARGE);
  const declared = Number(raw.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    raw.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error?: Error) => {
      raw.off('data', onData).off('end', onEnd).off('error', stop);
      if (error) {
        raw.resume();
        reject(error);
      }
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop(tooLarge());
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    raw.on('data', onData).once('end', onEnd).once('error', stop);
  });
}

function malformed(message: string): BodyRefusal {
  return new BodyRefusal(400, message, 'BAD_REQUEST');
}

/** Whether `contentType` is one a page action can read with `request.formData()`. */
export function isPageForm(contentType: string | undefined): boolean {
  const mediaType = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return PAGE_FORM_TYPES.has(mediaType);
}

/** The answer for a body an action could not read as a form: not the server's 500. */
export const NOT_A_FORM = new BodyRefusal(
  415,
  'Pages take form posts only (application/x-www-form-urlencoded or multipart/form-data).',
  UNSUPPORTED_MEDIA_TYPE,
);

/**
 * Page actions read forms; a form they could not read would fail inside the action as a 500,
 * so it is refused here as the caller's mistake. Percent-encoding and UTF-8 are checked
 * strictly because URLSearchParams would silently keep the broken text. Other types are left
 * to React Router, which answers 405 for a page without an action.
 */
export async function checkPageForm(contentType: string | undefined, body: Buffer): Promise<void> {
  if (body.length === 0 || !isPageForm(contentType)) return;
  const mediaType = (contentType ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'multipart/form-data') {
    try {
      await new Response(new Uint8Array(body), {
        headers: { 'content-type': contentType ?? '' },
      }).formData();
    } catch {
      throw malformed('The form could not be read: its multipart body is malformed.');
    }
    return;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw malformed('The form could not be read: it is not valid UTF-8.');
  }
  for (const pair of text.split('&')) {
    try {
      decodeURIComponent(pair.replaceAll('+', ' '));
    } catch {
      throw malformed('The form could not be read: it has a broken percent-encoding.');
    }
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A refused page post: a browser gets a short page saying what happened (no styles or scripts,
 * so the page's policy has nothing to allow); script callers the usual JSON error.
 */
export async function sendBodyRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  refusal: BodyRefusal,
): Promise<void> {
  // The rest of a refused body is never read; closing the connection stops the upload.
  reply.status(refusal.status).header('connection', 'close');
  if ((request.headers.accept ?? '').includes('text/html')) {
    const title = refusal.status === 413 ? 'Too much to send' : 'This form could not be sent';
    await reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
          `<body><main><h1>${title}</h1><p>${escapeHtml(refusal.message)}</p>` +
          `<p>Go back to the page and try again.</p></main></body></html>`,
      );
    return;
  }
  await reply.send({ message: refusal.message, errorCode: refusal.errorCode });
}
