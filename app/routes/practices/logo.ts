import type { LoaderFunctionArgs } from 'react-router';
import { findPracticeLogo } from './practices.server.ts';

/** A practice's logo by its content key: the key names the bytes, so it is cached for good. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const logo = await findPracticeLogo(context, params.contentKey ?? '');
  if (!logo) return new Response('There is no logo with this key.', { status: 404 });
  const bytes = Buffer.isBuffer(logo.bytes) ? logo.bytes : Buffer.from(logo.bytes);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': logo.content_type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
