import type { CSSProperties } from 'react';
import { skeletonLayout, type SkeletonLayoutName, type SkeletonNode } from '~core/ui';
import styles from './Skeleton.module.css';

const LINE_CLASS = {
  title: styles.lineTitle,
  heading: styles.lineHeading,
  text: styles.lineText,
  caption: styles.lineCaption,
} as const;

const BOX_CLASS = {
  chip: styles.boxChip,
  field: styles.boxField,
  media: styles.boxMedia,
  panel: styles.boxPanel,
} as const;

const GROUP_CLASS = {
  column: styles.column,
  row: styles.row,
  responsiveRow: styles.responsiveRow,
  grid: styles.grid,
} as const;

function classes(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

function Bone({ node }: { node: SkeletonNode }) {
  switch (node.type) {
    case 'line':
      return (
        <span
          className={classes(styles.bone, styles.line, LINE_CLASS[node.size])}
          style={{ width: `${node.width}%` }}
        />
      );
    case 'box':
      return (
        <span
          className={classes(styles.bone, styles.box, BOX_CLASS[node.height])}
          style={{ width: `${node.width}%` }}
        />
      );
    case 'circle':
      return (
        <span
          className={classes(
            styles.bone,
            styles.circle,
            node.size === 'large' ? styles.circleLarge : styles.circleSmall,
          )}
        />
      );
    case 'group': {
      const style =
        node.columns === undefined
          ? undefined
          : ({ '--skeleton-columns': String(node.columns) } as CSSProperties);
      return (
        <div
          className={classes(
            GROUP_CLASS[node.direction],
            node.align === 'center' && styles.centered,
            node.framed && styles.framed,
          )}
          style={style}
        >
          {node.children.map((child, index) => (
            <Bone key={index} node={child} />
          ))}
        </div>
      );
    }
  }
}

export interface SkeletonProps {
  /** One of the layouts of spec 2.7. */
  layout: SkeletonLayoutName;
  /**
   * Text for assistive technology while the placeholder shows ('Loading the answer', say). The
   * shapes themselves are hidden from it: they carry no meaning. Leave it out when the region
   * around the skeleton already says that it is loading.
   */
  label?: string;
  className?: string;
}

/** A skeleton loader (spec 2.7): grey shapes where the content will be, gently pulsing. */
export function Skeleton({ layout, label, className }: SkeletonProps) {
  return (
    <div className={classes(styles.skeleton, className)} data-skeleton={layout}>
      {label ? <span className="visually-hidden">{label}</span> : null}
      <div aria-hidden="true">
        <Bone node={skeletonLayout(layout)} />
      </div>
    </div>
  );
}
