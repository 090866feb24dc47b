import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar.tsx';

describe('ProgressBar (spec 3, 5, 9)', () => {
  it('renders nothing unless total and progress are numbers', () => {
    expect(renderToStaticMarkup(<ProgressBar total="5" progress={2} />)).toBe('');
    expect(renderToStaticMarkup(<ProgressBar total={5} progress={undefined} />)).toBe('');
  });

  it("is an accessible progress bar named 'Progress' by default", () => {
    const html = renderToStaticMarkup(<ProgressBar total={5} progress={2} />);
    expect(html).toContain(
      'role="progressbar" aria-label="Progress" aria-valuemin="0" aria-valuemax="5" aria-valuenow="2" aria-valuetext="Step 2 of 5"',
    );
    expect(html).toContain('style="width:40%"');
  });

  it('takes its label', () => {
    expect(
      renderToStaticMarkup(
        <ProgressBar total={5} progress={2} progressLabel="Onboarding progress" />,
      ),
    ).toContain('aria-label="Onboarding progress"');
  });

  it("shows 'Step X of Y' only when both values are non-zero", () => {
    expect(renderToStaticMarkup(<ProgressBar total={5} progress={2} />)).toContain(
      '>Step 2 of 5</p>',
    );
    expect(renderToStaticMarkup(<ProgressBar total={5} progress={0} />)).not.toContain('Step');
    expect(renderToStaticMarkup(<ProgressBar total={0} progress={0} />)).not.toContain('Step');
  });

  it('can leave the step text out for measures that are not steps', () => {
    const html = renderToStaticMarkup(
      <ProgressBar total={400} progress={150} showStepText={false} />,
    );
    expect(html).not.toContain('Step');
    expect(html).toContain('aria-valuetext="37.5%"');
  });

  it('animates for 500 ms after 10 ms when asked', () => {
    const html = renderToStaticMarkup(<ProgressBar total={5} progress={2} animate />);
    expect(html).toContain('style="--progress-delay:10ms;--progress-duration:500ms"');
    expect(html).toMatch(/class="[^"]*_animate_/);
    expect(renderToStaticMarkup(<ProgressBar total={5} progress={2} />)).not.toMatch(/_animate_/);
  });
});
