/**
 * The skeleton loader layouts of spec 2.7 as data: each layout is a tree of placeholder shapes
 * that roughly matches the page part it stands in for, so the page does not jump when the
 * content arrives. The renderer (app/components/ui/Skeleton.tsx) only draws what is here.
 */

/** Spec 2.7 'Skeleton loader layouts', under their spec names and in the spec's order. */
export const SKELETON_LAYOUT_NAMES = [
  'articleIntro',
  'contentList',
  'article',
  'contentCard',
  'smallContentList',
  'responsiveHeader',
  'headerShort',
  'contactSupportFLowPage',
  'plain',
  'flowPageDefault',
  'centeredIntro',
  'generatedAnswer',
  'table',
  'xcCaseClassification',
] as const;

export type SkeletonLayoutName = (typeof SKELETON_LAYOUT_NAMES)[number];

/** Spec 9 'Skeleton table: 5x5'. */
export const SKELETON_TABLE_SIZE = { rows: 5, columns: 5 } as const;

/** Spec 2.7: the case classification skeleton is five blocks. */
export const CASE_CLASSIFICATION_BLOCKS = 5;

/** How many items the list layouts show: as many as fit a first screen on a phone. */
export const SKELETON_LIST_ITEMS = 5;
export const SKELETON_SMALL_LIST_ITEMS = 3;

/** A line of text: its type size and its width as a percentage of the line it sits on. */
export interface SkeletonLine {
  type: 'line';
  size: 'title' | 'heading' | 'text' | 'caption';
  width: number;
}

/** A solid area: an image, a field, a button, a chip or a panel. */
export interface SkeletonBox {
  type: 'box';
  height: 'chip' | 'field' | 'media' | 'panel';
  width: number;
}

/** A round placeholder: an avatar or an icon. */
export interface SkeletonCircle {
  type: 'circle';
  size: 'small' | 'large';
}

/**
 * Shapes laid out together. 'row' keeps them side by side, 'responsiveRow' stacks them below
 * the 600px breakpoint (spec 9), 'grid' puts them in `columns` equal columns.
 */
export interface SkeletonGroup {
  type: 'group';
  direction: 'column' | 'row' | 'responsiveRow' | 'grid';
  columns?: number;
  align?: 'start' | 'center';
  /** Drawn inside a bordered card. */
  framed?: boolean;
  children: SkeletonNode[];
}

export type SkeletonBone = SkeletonLine | SkeletonBox | SkeletonCircle;
export type SkeletonNode = SkeletonBone | SkeletonGroup;

const line = (size: SkeletonLine['size'], width: number): SkeletonLine => ({
  type: 'line',
  size,
  width,
});
const box = (height: SkeletonBox['height'], width: number): SkeletonBox => ({
  type: 'box',
  height,
  width,
});
const circle = (size: SkeletonCircle['size']): SkeletonCircle => ({ type: 'circle', size });
const group = (
  direction: SkeletonGroup['direction'],
  children: SkeletonNode[],
  options: Omit<SkeletonGroup, 'type' | 'direction' | 'children'> = {},
): SkeletonGroup => ({ type: 'group', direction, ...options, children });
const column = (
  children: SkeletonNode[],
  options?: Omit<SkeletonGroup, 'type' | 'direction' | 'children'>,
) => group('column', children, options);
const repeat = <T>(count: number, make: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, index) => make(index));

/** Varied widths so a block of lines reads as a paragraph, not as a bar chart. */
const PARAGRAPH_WIDTHS = [100, 96, 92, 64] as const;
const paragraph = (lines: number = PARAGRAPH_WIDTHS.length) =>
  column(
    repeat(lines, (index) => line('text', PARAGRAPH_WIDTHS[index % PARAGRAPH_WIDTHS.length]!)),
  );

const listItem = () =>
  column([line('heading', 60), line('text', 100), line('text', 80), line('caption', 30)]);

const smallListItem = () =>
  group('row', [circle('small'), column([line('text', 70), line('caption', 40)])], {
    align: 'center',
  });

const fieldGroup = (labelWidth: number) => column([line('caption', labelWidth), box('field', 100)]);

const LAYOUTS: Record<SkeletonLayoutName, SkeletonGroup> = {
  articleIntro: column([line('caption', 30), line('title', 70), line('caption', 40), paragraph(2)]),
  contentList: column(repeat(SKELETON_LIST_ITEMS, listItem)),
  article: column([
    line('title', 70),
    line('caption', 35),
    paragraph(),
    line('heading', 40),
    paragraph(),
    line('heading', 35),
    paragraph(3),
  ]),
  contentCard: column(
    [
      box('media', 100),
      line('caption', 30),
      line('heading', 80),
      line('text', 100),
      line('text', 70),
      box('chip', 40),
    ],
    { framed: true },
  ),
  smallContentList: column(repeat(SKELETON_SMALL_LIST_ITEMS, smallListItem)),
  responsiveHeader: group('responsiveRow', [
    column([line('title', 60), line('text', 80), line('text', 55)]),
    box('media', 100),
  ]),
  headerShort: column([line('title', 40), line('text', 60)]),
  contactSupportFLowPage: column([
    line('caption', 25),
    line('title', 60),
    line('text', 90),
    fieldGroup(20),
    fieldGroup(30),
    fieldGroup(25),
    box('chip', 30),
  ]),
  plain: paragraph(3),
  flowPageDefault: column([
    line('title', 50),
    line('text', 80),
    box('panel', 100),
    group('row', [box('chip', 25), box('chip', 25)]),
  ]),
  centeredIntro: column([circle('large'), line('title', 50), line('text', 70), line('text', 60)], {
    align: 'center',
  }),
  generatedAnswer: column(
    [
      group('row', [circle('small'), line('caption', 30)], { align: 'center' }),
      paragraph(),
      group(
        'row',
        repeat(3, () => box('chip', 18)),
      ),
    ],
    { framed: true },
  ),
  table: group(
    'grid',
    repeat(SKELETON_TABLE_SIZE.rows * SKELETON_TABLE_SIZE.columns, (index) =>
      line(index < SKELETON_TABLE_SIZE.columns ? 'heading' : 'text', index % 2 === 0 ? 80 : 60),
    ),
    { columns: SKELETON_TABLE_SIZE.columns },
  ),
  xcCaseClassification: column(repeat(CASE_CLASSIFICATION_BLOCKS, () => box('panel', 100))),
};

export function isSkeletonLayoutName(name: string): name is SkeletonLayoutName {
  return (SKELETON_LAYOUT_NAMES as readonly string[]).includes(name);
}

/** The shapes of a layout: always a group, so the renderer has one root. */
export function skeletonLayout(name: SkeletonLayoutName): SkeletonGroup {
  return LAYOUTS[name];
}

/** Every shape of a tree, depth first, in drawing order. */
export function skeletonBones(node: SkeletonNode): SkeletonBone[] {
  return node.type === 'group' ? node.children.flatMap(skeletonBones) : [node];
}
