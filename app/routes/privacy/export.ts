import type { LoaderFunctionArgs } from 'react-router';
import { personalDataArchive } from './export.server.ts';

/**
 * GET MY_DATA_PATH (/settings/my-data): the signed-in user's data as a JSON download. Never cached: it is
 * theirs alone.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const archive = await personalDataArchive(context);
  if (!archive) {
    return Response.json(
      { message: 'Sign in to download your data.' },
      { status: 401, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  const day = archive.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(archive, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="my-data-${day}.json"`,
      'Cache-Control': 'no-store',
    },
  });
}
