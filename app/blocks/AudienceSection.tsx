import { useId, useState, type ReactNode } from 'react';
import { audienceSectionState, EDIT_SECTION_LABEL, HIDDEN_SECTION_NOTICE } from '~core/ui';
import { Button } from '../components/ui/Button.tsx';
import { Icon } from '../components/ui/Icon.tsx';
import { useRegion } from '../region/RegionProvider.tsx';
import styles from './AudienceSection.module.css';

export interface AudienceSectionProps {
  /** 'true', 'false', 'XCREGION:{codes}'; anything else keeps the section hidden. */
  value: string | null | undefined;
  reverse?: boolean;
  /** The viewer holds the setup-viewing permission (spec 6): hidden content gets the notice. */
  canViewSetup?: boolean;
  /** Names the section landmark once it shows. */
  label?: string;
  children: ReactNode;
}

/**
 * Spec 2.7 and 4 'Audience section'. For an admin a hidden section leaves the notice and an
 * 'Edit Section' button in its place; the button reveals the content (and the notice stays,
 * so the admin still knows visitors do not see it).
 */
export function AudienceSection({
  value,
  reverse,
  canViewSetup,
  label,
  children,
}: AudienceSectionProps) {
  const region = useRegion()?.region ?? '';
  const [editing, setEditing] = useState(false);
  const noticeId = useId();
  const state = audienceSectionState({ value, region, reverse, canViewSetup, editing });
  const hiddenForVisitors =
    canViewSetup && audienceSectionState({ value, region, reverse }).kind === 'hidden';
  if (state.kind === 'hidden') return null;
  return (
    <section
      className={hiddenForVisitors ? `${styles.section} ${styles.adminView}` : styles.section}
      aria-label={label}
      data-audience-section={state.kind}
    >
      {hiddenForVisitors ? (
        <div className={styles.notice} role="note">
          <Icon name="eye" size="small" />
          <p id={noticeId} className={styles.noticeText}>
            {HIDDEN_SECTION_NOTICE}
          </p>
          {state.kind === 'admin-notice' ? (
            <Button
              label={EDIT_SECTION_LABEL}
              variant="standard"
              size="small"
              iconName="pencil"
              aria-describedby={noticeId}
              onClick={() => setEditing(true)}
            />
          ) : null}
        </div>
      ) : null}
      {state.kind === 'shown' ? children : null}
    </section>
  );
}
