import type { LoaderFunctionArgs } from 'react-router';
import {
  changeFiltersFrom,
  changesCsv,
  practiceAccess,
  withoutPractice,
  practiceChanges,
} from './subscriptions.server.ts';

/*
 * The practice's history of its clients' subscription changes, filtered by the address's query
 * (kind, from, to), on the page and as CSV. Only the practice's own clients are ever read.
 */

export async function practiceChangesLoader({ request, context }: LoaderFunctionArgs) {
  const access = await practiceAccess(context, request);
  if (access.kind !== 'practice') return withoutPractice(access);
  const url = new URL(request.url);
  const filters = changeFiltersFrom(url.searchParams);
  return {
    kind: 'practice' as const,
    practiceName: access.practice.name,
    filters,
    query: url.search,
    changes: await practiceChanges(context.db, access.practice.id, filters),
  };
}

function plain(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

export async function practiceChangesCsvLoader({ request, context }: LoaderFunctionArgs) {
  if (context.viewer.isGuest) return plain(401, 'Sign in to download your clients’ changes.');
  const access = await practiceAccess(context, request);
  if (access.kind !== 'practice') return plain(403, 'The changes are for a practice’s people.');
  const filters = changeFiltersFrom(new URL(request.url).searchParams);
  const csv = changesCsv(await practiceChanges(context.db, access.practice.id, filters));
  const day = context.clock.now().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="subscription-changes-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
