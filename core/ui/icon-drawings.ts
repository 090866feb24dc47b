import { EXTERNAL_LINK_ICON_PATH } from '../content/index.ts';
import { ICON_NAMES, type IconName } from './icons.ts';

// The drawings are the server's: pages point at the sprite below rather than carry its paths in
// their scripts (docs/performance.md); nothing in the browser imports them.

/** A circle as path data, so every drawing is a list of paths. */
function circle(cx: number, cy: number, r: number): string {
  return `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
}

const DOT = (x: number, y: number) => `M${x} ${y}h.01`;
const CHECK_MARK = 'M8 12l3 3 5-6';

/**
 * The sprite: an original line drawing per name on a 24-unit grid, stroked with currentColor at
 * width 2 (paths listed in `filled` are filled instead). Names that differ only in wording get
 * drawings that still tell them apart (info in a circle, information in a square).
 */
export const ICON_DRAWINGS: Readonly<Record<IconName, readonly string[]>> = {
  default: [
    'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
    circle(12, 12, 2),
  ],
  csv: [
    'M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8z',
    'M14 3v5h5',
    'M8 13h8M8 17h8M12 11v8',
  ],
  help: [circle(12, 12, 9), 'M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14', DOT(12, 17.5)],
  cross: ['M6 6l12 12M18 6L6 18'],
  copy: ['M8 8h11v12H8z', 'M5 16V4h11'],
  invalid: [circle(12, 12, 9), 'M5.6 5.6l12.8 12.8'],
  'checkbox-check': [
    'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
    CHECK_MARK,
  ],
  'right-arrow': ['M4 12h16M14 6l6 6-6 6'],
  external: [EXTERNAL_LINK_ICON_PATH],
  chevron: ['M9 6l6 6-6 6'],
  'chevron-left': ['M15 6l-6 6 6 6'],
  caret: ['M7 10h10l-5 5z'],
  filter: ['M4 5h16l-6 7v6l-4 2v-8z'],
  heart: ['M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z'],
  trash: ['M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3'],
  warning: ['M12 3l10 18H2z', 'M12 10v5', DOT(12, 18)],
  info: [circle(12, 12, 9), 'M12 11v6', DOT(12, 7.5)],
  information: [
    'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z',
    'M12 11v6',
    DOT(12, 7.5),
  ],
  checkCircle: [circle(12, 12, 9), CHECK_MARK],
  clock: [circle(12, 12, 9), 'M12 7v5l3 2'],
  plus: ['M12 5v14M5 12h14'],
  transfer: ['M4 8h14M14 4l4 4-4 4', 'M20 16H6M10 12l-4 4 4 4'],
  phone: [
    'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z',
  ],
  diamond: ['M6 4h12l3 5-9 11L3 9z', 'M3 9h18', 'M9 4l-1 5 4 11 4-11-1-5'],
  'person-add': [circle(9, 8, 3.5), 'M3 20a6 6 0 0 1 12 0', 'M19 8v6M16 11h6'],
  'ask-help': ['M4 5h16v11H9l-5 4z', 'M10 8.5a2 2 0 1 1 2.8 1.8c-.5.2-.8.6-.8 1.2', DOT(12, 13.5)],
  folder: ['M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z'],
  'credit-card': ['M3 6h18v12H3z', 'M3 10h18', 'M7 15h4'],
  check: ['M5 12l5 5 9-10'],
  discount: ['M19 5L5 19', circle(7, 7, 2), circle(17, 17, 2)],
  points: ['M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z'],
  lock: ['M6 11h12v9H6z', 'M8 11V8a4 4 0 0 1 8 0v3'],
  voucher: ['M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z', 'M14 8v1M14 11v2M14 15v1'],
  'clock-detailed': [circle(12, 12, 9), 'M12 8v4l3 2', 'M12 3v2M21 12h-2M12 21v-2M3 12h2'],
  plant: [
    'M12 21v-9',
    'M12 12C12 8 9 5 4 5c0 4 3 7 8 7z',
    'M12 14c0-3 2.5-6 7-6 0 3.5-2.5 6-7 6z',
    'M8 21h8',
  ],
  'book-bookmark': [
    'M5 4h12a2 2 0 0 1 2 2v14H7a2 2 0 0 1-2-2z',
    'M5 18a2 2 0 0 1 2-2h12',
    'M10 4v6l2-1.5 2 1.5V4',
  ],
  'networking-people': [
    circle(12, 6, 2.5),
    circle(5, 16, 2.5),
    circle(19, 16, 2.5),
    'M10.5 8l-4 5.5M13.5 8l4 5.5M7.5 16h9',
  ],
  clockDetailedTemporary: [circle(12, 13, 8), 'M12 9v4l2.5 2', 'M10 3h4M12 3v2'],
  calendar: ['M4 6h16v14H4z', 'M4 10h16', 'M8 3v5M16 3v5'],
  trophy: [
    'M8 4h8v5a4 4 0 0 1-8 0z',
    'M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4',
    'M12 13v4M8 20h8M10 17h4v3h-4z',
  ],
  block: ['M12 3l8 4.5v9L12 21l-8-4.5v-9z', 'M4 7.5l8 4.5 8-4.5M12 12v9'],
  eye: ['M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z', circle(12, 12, 3)],
  pencil: ['M4 20l1-4L16 5l3 3L8 19z', 'M14 7l3 3'],
  'trash-can': ['M5 6h14M10 3h4', 'M7 6v13a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V6'],
  mountain: ['M3 20l6-10 4 6 3-4 5 8z'],
  settings: [
    circle(12, 12, 3),
    circle(12, 12, 7),
    'M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9L7 7M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1',
  ],
  desktop: ['M3 4h18v12H3z', 'M9 20h6M12 16v4'],
  menu: ['M4 6h16M4 12h16M4 18h16'],
  reload: ['M20 12a8 8 0 1 1-2.3-5.7', 'M20 4v5h-5'],
  person: [circle(12, 8, 4), 'M4 21a8 8 0 0 1 16 0'],
  switch: ['M8 7h8a5 5 0 0 1 0 10H8A5 5 0 0 1 8 7z', circle(16, 12, 3)],
  tune: ['M4 6h16M4 12h16M4 18h16', 'M16 4v4M9 10v4M14 16v4'],
  list: ['M9 6h11M9 12h11M9 18h11', DOT(4, 6), DOT(4, 12), DOT(4, 18)],
  envelope: ['M3 5h18v14H3z', 'M3 6l9 7 9-7'],
  'phone-detailed': ['M7 2h10v20H7z', 'M11 18h2'],
  comment: ['M4 5h16v11h-9l-5 4v-4H4z'],
};

/** Drawings whose shape is filled rather than stroked. */
export const FILLED_ICONS: ReadonlySet<IconName> = new Set(['caret']);

/** The sprite document: one symbol per icon name, filled drawings filled, the rest stroked. */
export function iconSpriteSvg(): string {
  const symbols = ICON_NAMES.map((name) => {
    const fill = FILLED_ICONS.has(name) ? ' fill="currentColor"' : '';
    const paths = ICON_DRAWINGS[name].map((d) => `<path d="${d}"/>`).join('');
    return `<symbol id="${name}" viewBox="0 0 24 24"${fill}>${paths}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}
