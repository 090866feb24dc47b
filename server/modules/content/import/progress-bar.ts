import type { WriteStream } from 'node:tty';

export interface ProgressBar {
  update(done: number, total: number): void;
  finish(): void;
}

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const BAR_WIDTH = 30;
/** Without a terminal, progress is a plain line at each quarter, so logs stay short. */
const PLAIN_STEPS = 4;

/**
 * A one-line progress bar redrawn in place on a terminal; plain lines when the output is a
 * file or a pipe, where carriage returns would only make noise.
 */
export function createProgressBar(
  output: ProgressOutput | WriteStream,
  label: string,
): ProgressBar {
  let lastStep = -1;
  let drawn = false;
  return {
    update(done, total) {
      if (total <= 0) return;
      const fraction = Math.min(1, done / total);
      if (output.isTTY) {
        const filled = Math.round(fraction * BAR_WIDTH);
        const bar = `${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}`;
        output.write(`\r${label} [${bar}] ${done}/${total}`);
        drawn = true;
        return;
      }
      const step = Math.floor(fraction * PLAIN_STEPS);
      if (step > lastStep) {
        lastStep = step;
        output.write(`${label}: ${done}/${total}\n`);
      }
    },
    finish() {
      if (drawn) output.write('\n');
      drawn = false;
    },
  };
}
