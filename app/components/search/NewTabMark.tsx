import {
  EXTERNAL_LINK_ICON_PATH,
  OPENS_IN_NEW_TAB_TEXT,
  OPENS_IN_NEW_TAB_TITLE,
} from '~core/content';
import styles from './NewTabMark.module.css';

/**
 * Spec 5: what a link that opens in a new tab carries, as rich text marks its links: the icon
 * titled 'opens in a new tab' for sight and the hidden ' (opens in a new tab)' for screen readers.
 */
export function NewTabMark() {
  return (
    <>
      <svg
        className={styles.icon}
        width="14"
        height="14"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
      >
        <title>{OPENS_IN_NEW_TAB_TITLE}</title>
        <path
          d={EXTERNAL_LINK_ICON_PATH}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">{OPENS_IN_NEW_TAB_TEXT}</span>
    </>
  );
}
