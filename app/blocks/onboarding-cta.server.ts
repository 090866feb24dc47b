import type { AppLoadContext } from 'react-router';
import { onboardingCtaView } from '~core/partner';
import { getOnboardingCtaDetail, mayUsePartnerProgramme } from '~server/modules/partners';
import { renderContent } from '../routes/kb/rich-text.server.ts';
import type { OnboardingCtaData } from './OnboardingCta.tsx';

/**
 * getOnboardingCTADetail for the page being rendered, so the card arrives with the page. Those
 * who are not partners would be denied the partner class: they get no card and no error
 * (spec 6, 8). Any other failure hides the card and is logged, never shown.
 */
export async function loadOnboardingCta(
  context: Pick<AppLoadContext, 'db' | 'viewer' | 'config'>,
): Promise<OnboardingCtaData | null> {
  const { viewer } = context;
  if (!mayUsePartnerProgramme(viewer)) return null;
  try {
    const detail = await getOnboardingCtaDetail(context.db, viewer.user.id);
    const view = onboardingCtaView(detail);
    if (!view) return null;
    const { body, ...rest } = view;
    return {
      ...rest,
      bodyHtml: renderContent(context.config, body).html,
      currentStepName: detail.currentStepName,
    };
  } catch (error) {
    console.error('PartnerController.getOnboardingCTADetail failed', error);
    return null;
  }
}
