import { data, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import {
  assertionDocument,
  badgeClassDocument,
  badgeEmbedCode,
  badgeName,
  badgeSvg,
  issuerDocument,
  parsePartnerTier,
  recognitionBadgePaths,
} from '~core/partner';
import {
  badgeRecognition,
  findBadge,
  mayUsePartnerProgramme,
  partnerBadge,
  type RecognitionBadge,
} from '~server/modules/partners';

/*
 * /RecognitionBadge: a badge's public page by its id, the signed-in partner's own badge to
 * share, and the badge's files (SVG, Open Badges assertion, badge class, issuer).
 */

function site(context: AppLoadContext) {
  return { siteUrl: context.config.siteUrl, brand: context.config.brand };
}

function shown(context: AppLoadContext, badge: RecognitionBadge) {
  const name = badgeName(badge.tier, context.config.brand);
  const alt = `${name}: ${badge.earner}`;
  return {
    id: badge.id,
    name,
    alt,
    earner: badge.earner,
    issuedAt: badge.issuedAt,
    revoked: badge.revoked,
    pageUrl: new URL(recognitionBadgePaths.page(badge.id), context.config.siteUrl).href,
    imagePath: recognitionBadgePaths.image(badge.id),
    assertionUrl: new URL(recognitionBadgePaths.assertion(badge.id), context.config.siteUrl).href,
    embedCode: badgeEmbedCode(context.config.siteUrl, badge.id, alt),
  };
}

export async function recognitionBadgeLoader({ request, context }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('badge');
  if (asked !== null) {
    const badge = await findBadge(context.db, asked);
    if (badge === undefined) throw data('This badge does not exist.', 404);
    return {
      kind: 'public' as const,
      badge: shown(context, badge),
      recognition: await badgeRecognition(context.db, badge, context.clock.now()),
    };
  }
  const { viewer } = context;
  if (viewer.isGuest || !mayUsePartnerProgramme(viewer)) return { kind: 'about' as const };
  const badge = await partnerBadge(context.db, viewer.user.id, context.clock.now());
  return badge === null
    ? { kind: 'no-tier' as const }
    : {
        kind: 'own' as const,
        badge: shown(context, badge),
        recognition: await badgeRecognition(context.db, badge, context.clock.now()),
      };
}

const PUBLIC_HEADERS = {
  'Cache-Control': 'public, max-age=300',
  'Access-Control-Allow-Origin': '*',
};

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { ...PUBLIC_HEADERS, 'Content-Type': 'application/ld+json; charset=utf-8' },
  });
}

/** The assertion at its hosted address; a revoked one answers 410 Gone, as hosted verification asks. */
export async function badgeAssertionLoader({ context, params }: LoaderFunctionArgs) {
  const badge = await findBadge(context.db, params.assertionId ?? '');
  if (badge === undefined) return json({ error: 'This badge does not exist.' }, 404);
  return json(assertionDocument(site(context), badge), badge.revoked ? 410 : 200);
}

export async function badgeImageLoader({ context, params }: LoaderFunctionArgs) {
  const badge = await findBadge(context.db, params.assertionId ?? '');
  if (badge === undefined) return new Response('This badge does not exist.', { status: 404 });
  return new Response(
    badgeSvg({
      tier: badge.tier,
      brand: context.config.brand,
      earner: badge.earner,
      revoked: badge.revoked,
    }),
    { headers: { ...PUBLIC_HEADERS, 'Content-Type': 'image/svg+xml; charset=utf-8' } },
  );
}

export function badgeClassLoader({ context, params }: LoaderFunctionArgs) {
  const tier = parsePartnerTier(params.tier);
  if (tier === undefined || tier === 'none') return json({ error: 'There is no such tier.' }, 404);
  return json(badgeClassDocument(site(context), tier));
}

export function badgeIssuerLoader({ context }: LoaderFunctionArgs) {
  return json(issuerDocument(site(context)));
}
