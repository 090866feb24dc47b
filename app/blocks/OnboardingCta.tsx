import { resolveImageSource } from '~core/ui';
import {
  ONBOARDING_CTA_TEXT,
  ONBOARDING_HEADING_LEVEL,
  ONBOARDING_PROGRESS_LABEL,
  onboardingClickEvent,
  type OnboardingCtaView,
  type OnboardingLayout,
} from '~core/partner';
import { consentNow } from '../consent/consent-store.ts';
import { pushToDataLayer } from '../analytics/data-layer.ts';
import { Avatar } from '../components/ui/Avatar.tsx';
import { CtaCard } from '../components/ui/Card.tsx';
import { ProgressBar } from '../components/ui/ProgressBar.tsx';
import styles from './OnboardingCta.module.css';

/** The onboarding card as a page needs it: its Markdown body already sanitised into HTML. */
export interface OnboardingCtaData extends Omit<OnboardingCtaView, 'body'> {
  bodyHtml: string;
  currentStepName: string;
}

export interface OnboardingCtaProps {
  /** Null when the server says not to show it, or the call failed. */
  cta: OnboardingCtaData | null;
  layout?: OnboardingLayout;
}

/**
 * Spec 2.7 'Onboarding call to action': heading level 2, the Markdown body, the fixed link
 * text, the progress bar with 'Step {current} of {total}', and the named image or the
 * contact's avatar in a decorative mask. A click sends the tag-manager event of spec 7.
 */
export function OnboardingCta({ cta, layout = 'Inner' }: OnboardingCtaProps) {
  if (!cta) return null;
  const { image } = cta;
  const media =
    image?.kind === 'avatar' ? (
      <span className={styles.mask}>
        <Avatar imageUrl={image.avatarURL} userName={image.alt} size="auto" />
      </span>
    ) : image?.kind === 'static' ? (
      <img
        className={styles.illustration}
        src={resolveImageSource(`illustrations/${encodeURIComponent(image.name)}.svg`)}
        alt=""
        width={280}
        height={200}
      />
    ) : undefined;
  return (
    <div
      className={layout === 'Full width' ? styles.fullWidth : styles.inner}
      data-onboarding-cta={layout}
    >
      <CtaCard
        title={cta.title}
        bodyHtml={cta.bodyHtml}
        url={cta.link}
        ctaText={ONBOARDING_CTA_TEXT}
        linkOn="cta"
        headingLevel={ONBOARDING_HEADING_LEVEL}
        layout="progress"
        media={media}
        optionalContent={
          <ProgressBar
            total={cta.totalSteps}
            progress={cta.currentStep}
            progressLabel={ONBOARDING_PROGRESS_LABEL}
            animate
          />
        }
        onCardClick={() => {
          pushToDataLayer({ ...onboardingClickEvent(cta) }, consentNow());
        }}
        className={styles.card}
      />
    </div>
  );
}
