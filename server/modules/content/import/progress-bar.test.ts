import { describe, expect, it } from 'vitest';
import { createProgressBar } from './progress-bar.ts';

function output(isTTY: boolean) {
  const written: string[] = [];
  return { written, stream: { isTTY, write: (text: string) => written.push(text) } };
}

describe('progress bar', () => {
  it('redraws one line in place on a terminal and ends it', () => {
    const { written, stream } = output(true);
    const bar = createProgressBar(stream, 'Importing');
    bar.update(1, 4);
    bar.update(4, 4);
    bar.finish();
    expect(written).toEqual([
      `\rImporting [${'#'.repeat(8)}${'-'.repeat(22)}] 1/4`,
      `\rImporting [${'#'.repeat(30)}] 4/4`,
      '\n',
    ]);
  });

  it('writes a plain line at each quarter when the output is not a terminal', () => {
    const { written, stream } = output(false);
    const bar = createProgressBar(stream, 'Importing');
    for (let done = 1; done <= 100; done += 1) bar.update(done, 100);
    bar.finish();
    expect(written).toEqual([
      'Importing: 1/100\n',
      'Importing: 25/100\n',
      'Importing: 50/100\n',
      'Importing: 75/100\n',
      'Importing: 100/100\n',
    ]);
  });

  it('writes nothing when there is nothing to do', () => {
    const { written, stream } = output(true);
    const bar = createProgressBar(stream, 'Importing');
    bar.update(0, 0);
    bar.finish();
    expect(written).toEqual([]);
  });
});
