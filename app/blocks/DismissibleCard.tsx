import { useLocation } from 'react-router';
import {
  DEFAULT_DISMISS_STORAGE,
  DISMISS_LABEL,
  hasDismissButton,
  isCardVisible,
  type DismissibleCardVariation,
  type DismissStorage,
} from '~core/ui';
import { track } from '../analytics/analytics.ts';
import { Button } from '../components/ui/Button.tsx';
import { CtaCard } from '../components/ui/Card.tsx';
import { useSite } from '../site.ts';
import { useVisitor } from '../visitor/VisitorProvider.tsx';
import { dismissibleCardContent, type DismissibleCardContent } from './dismissible-card-content.ts';
import { useDismissal } from './use-dismissal.ts';
import styles from './DismissibleCard.module.css';

export interface DismissibleCardViewProps {
  content: DismissibleCardContent;
  /** Without it there is no dismiss button (storage 'none'). */
  onDismiss?: () => void;
  headingLevel?: 2 | 3;
}

/**
 * The card itself: a call-to-action card whose link is the CTA text, with the dismiss button in
 * its corner, above the card's click area.
 */
export function DismissibleCardView({
  content,
  onDismiss,
  headingLevel = 2,
}: DismissibleCardViewProps) {
  return (
    <div className={styles.dismissible}>
      <CtaCard
        title={content.title}
        body={content.body}
        url={content.url}
        ctaText={content.ctaText}
        linkOn="cta"
        headingLevel={headingLevel}
        imageUrl={content.imageUrl}
        className={onDismiss ? `${styles.card} ${styles.withDismiss}` : styles.card}
      />
      {onDismiss ? (
        <Button
          label={DISMISS_LABEL}
          variant="icon"
          iconName="cross"
          size="small"
          className={styles.dismiss}
          onClick={onDismiss}
        />
      ) : null}
    </div>
  );
}

export interface DismissibleCardProps {
  variation: DismissibleCardVariation;
  /** Where the dismissal is kept; sessionStorage by default, 'none' for no dismiss button. */
  storage?: DismissStorage;
  /** The words of a Generic card; the other variations have their own. */
  content?: DismissibleCardContent;
}

/**
 * Spec 2.7 'Dismissible card' with the visibility rules of spec 5: shown once the dismissal
 * has been read from its storage and the visitor's user data allows it.
 */
export function DismissibleCard({
  variation,
  storage = DEFAULT_DISMISS_STORAGE,
  content,
}: DismissibleCardProps) {
  const site = useSite();
  const visitor = useVisitor();
  const { pathname, search } = useLocation();
  const { dismissed, dismiss } = useDismissal(variation, storage);
  if (!site || !visitor || dismissed === 'unknown') return null;
  const audience = { isGuest: visitor.isGuest, userData: visitor.userData };
  if (!isCardVisible(variation, audience, dismissed)) return null;
  const words =
    variation === 'Generic'
      ? content
      : dismissibleCardContent(variation, {
          brand: site.config.brand,
          ssoProvider: site.config.ssoProvider,
          here: `${pathname}${search}`,
          path: (pageKey) => site.contract.path(pageKey),
        });
  if (!words) return null;
  const onDismiss = hasDismissButton(storage)
    ? () => {
        dismiss();
        track('banner hidden', { bannerName: variation, actionType: 'dismiss' });
      }
    : undefined;
  return <DismissibleCardView content={words} onDismiss={onDismiss} />;
}
