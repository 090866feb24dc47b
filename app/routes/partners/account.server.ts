import type { LoaderFunctionArgs } from 'react-router';
import { parseLedgerFilter } from '~core/partner';
import { pointsAccount, pointsLedgerCsv } from '~server/modules/partners';
import { routeContractFor } from '~app/site.ts';
import { practiceSection } from './account-practice.server.ts';
import { partnerAccess } from './partners.server.ts';

/** The practice account: the partner's practice and its people, and their own points only. */
export async function accountLoader({ request, context }: LoaderFunctionArgs) {
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') return { kind: 'not-partner' as const };
  const url = new URL(request.url);
  const filter = parseLedgerFilter(url.searchParams);
  const { user } = access;
  return {
    kind: 'partner' as const,
    practice: await practiceSection(context, user, url),
    createPath: routeContractFor(context.config).path('createPracticeAccount') ?? '/',
    filter,
    account: await pointsAccount(context.db, user.id, filter, context.clock.now()),
  };
}

/** The filtered ledger as a CSV download; it is the partner's alone, so never cached. */
export async function pointsCsvLoader({ request, context }: LoaderFunctionArgs) {
  if (context.viewer.isGuest) {
    return new Response('Sign in to download your points ledger.', {
      status: 401,
      headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const access = partnerAccess(context, request);
  if (access.kind !== 'partner') {
    return new Response('The points ledger is for partners.', {
      status: 403,
      headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const filter = parseLedgerFilter(new URL(request.url).searchParams);
  const csv = await pointsLedgerCsv(context.db, access.user.id, filter);
  const day = context.clock.now().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="partner-points-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
}
