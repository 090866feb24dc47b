import { useLocation } from 'react-router';
import {
  DEFAULT_DISMISS_STORAGE,
  DISMISS_KEY_ATTRIBUTE,
  DISMISS_LABEL,
  dismissKey,
  hasDismissButton,
  isCardVisible,
  type DismissibleCardVariation,
  type DismissStorage,
} from '~core/ui';
import { track } from '../analytics/analytics.ts';
import { Button } from '../components/ui/Button.tsx';
import { CtaCard } from '../components/ui/Card.tsx';
import { useSite } from '../site.ts';
import { useViewer } from '../viewer.ts';
import { useVisitor } from '../visitor/VisitorProvider.tsx';
import { dismissibleCardContent, type DismissibleCardContent } from './dismissible-card-content.ts';
import { useDismissal } from './use-dismissal.ts';
import styles from './DismissibleCard.module.css';

export interface DismissibleCardViewProps {
  content: DismissibleCardContent;
  /** Without it there is no dismiss button (storage 'none'). */
  onDismiss?: () => void;
  headingLevel?: 2 | 3;
  /** The storage key of a card shown before its dismissal was read (the head script hides it). */
  dismissKey?: string;
}

/**
 * The card itself: a call-to-action card whose link is the CTA text, with the dismiss button in
 * its corner, above the card's click area.
 */
export function DismissibleCardView({
  content,
  onDismiss,
  headingLevel = 2,
  dismissKey: pendingKey,
}: DismissibleCardViewProps) {
  return (
    <div className={styles.dismissible} {...{ [DISMISS_KEY_ATTRIBUTE]: pendingKey }}>
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
 * Spec 2.7 'Dismissible card' with the visibility rules of spec 5. A card whose visibility the
 * page knows without the visitor's user data (Generic, and Un-auth for a guest) is rendered on
 * the server already, so it does not push the page down when it appears; until its dismissal has
 * been read it carries its key, and the head script hides it before the first paint when it was
 * dismissed. The other cards are shown once the user data and the dismissal are read.
 */
export function DismissibleCard({
  variation,
  storage = DEFAULT_DISMISS_STORAGE,
  content,
}: DismissibleCardProps) {
  const site = useSite();
  const visitor = useVisitor();
  const { pathname, search } = useLocation();
  const viewer = useViewer();
  const { dismissed, dismiss } = useDismissal(variation, storage);
  const knownWithoutUserData = variation === 'Generic' || variation === 'Un-auth';
  const audience = visitor
    ? { isGuest: visitor.isGuest, userData: visitor.userData }
    : knownWithoutUserData
      ? { isGuest: viewer.isGuest, userData: null }
      : undefined;
  if (!site || !audience) return null;
  const pending = dismissed === 'unknown';
  if (pending && !knownWithoutUserData) return null;
  if (!isCardVisible(variation, audience, dismissed === true)) return null;
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
  return (
    <DismissibleCardView
      content={words}
      onDismiss={onDismiss}
      {...(pending ? { dismissKey: dismissKey(variation) } : {})}
    />
  );
}
