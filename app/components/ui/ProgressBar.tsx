import type { CSSProperties } from 'react';
import {
  DEFAULT_PROGRESS_LABEL,
  PROGRESS_ANIMATION_DELAY_MS,
  PROGRESS_ANIMATION_DURATION_MS,
  progressBarModel,
} from '~core/ui';
import styles from './ProgressBar.module.css';

export interface ProgressBarProps {
  /** Both must be numbers, or nothing renders (spec 5). */
  total: unknown;
  progress: unknown;
  /** Fill over 0.5 s, 10 ms after it appears. */
  animate?: boolean;
  /** The accessible name of the bar. */
  progressLabel?: string;
  /** 'Step X of Y' under the bar when both values are non-zero; off for non-step measures such as points. */
  showStepText?: boolean;
  className?: string;
}

/**
 * Spec 3 and 5 'Progress bar'. The fill animates in CSS rather than after a timer in an effect,
 * so a page rendered on the server shows the right fill even before (or without) JavaScript.
 */
export function ProgressBar({
  total,
  progress,
  animate = false,
  progressLabel = DEFAULT_PROGRESS_LABEL,
  showStepText = true,
  className,
}: ProgressBarProps) {
  const model = progressBarModel(total, progress);
  if (!model) return null;
  const timing = {
    '--progress-delay': `${PROGRESS_ANIMATION_DELAY_MS}ms`,
    '--progress-duration': `${PROGRESS_ANIMATION_DURATION_MS}ms`,
  } as CSSProperties;
  const classes = [styles.progress, animate ? styles.animate : undefined, className];
  const stepText = showStepText ? model.stepText : undefined;
  return (
    <div className={classes.filter(Boolean).join(' ')} style={animate ? timing : undefined}>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={progressLabel}
        aria-valuemin={0}
        aria-valuemax={Math.max(model.total, 0)}
        aria-valuenow={Math.min(Math.max(model.progress, 0), Math.max(model.total, 0))}
        aria-valuetext={stepText ?? `${model.percent}%`}
      >
        <div className={styles.fill} style={{ width: `${model.percent}%` }} />
      </div>
      {stepText ? (
        <p className={styles.steps} aria-hidden="true">
          {stepText}
        </p>
      ) : null}
    </div>
  );
}
