/** Spec 2.7 and 5: what a link that opens in a new tab tells the reader, by sight and by ear. */
export const OPENS_IN_NEW_TAB_TITLE = 'opens in a new tab';
export const OPENS_IN_NEW_TAB_TEXT = ' (opens in a new tab)';
export const EXTERNAL_LINK_REL = 'noopener noreferrer';

/** A box with an arrow leaving it, drawn on a 24-unit grid with a 2-unit stroke. */
export const EXTERNAL_LINK_ICON_PATH =
  'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5';

/** The class rendered rich text gives external links and their icon (global: the HTML is a string). */
export const EXTERNAL_LINK_CLASS = 'external-link';
export const EXTERNAL_LINK_ICON_CLASS = 'external-link-icon';

/** The icon and the hidden text appended inside an external link of rendered rich text. */
export const EXTERNAL_LINK_SUFFIX_HTML =
  `<svg class="${EXTERNAL_LINK_ICON_CLASS}" width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">` +
  `<title>${OPENS_IN_NEW_TAB_TITLE}</title>` +
  `<path d="${EXTERNAL_LINK_ICON_PATH}" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path>` +
  `</svg><span class="visually-hidden">${OPENS_IN_NEW_TAB_TEXT}</span>`;
