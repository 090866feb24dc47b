import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ComponentBoundary,
  isComponentFailed,
  reportComponentInitFailure,
} from './ComponentInitError.tsx';
import { renderWithSite } from './site-stub.test-support.tsx';

afterEach(() => vi.restoreAllMocks());

describe('component initialisation failure (spec 8)', () => {
  it('flags the component as failed and reports the error to the console', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('no data');
    expect(isComponentFailed('Points widget')).toBe(false);
    reportComponentInitFailure('Points widget', error);
    expect(isComponentFailed('Points widget')).toBe(true);
    expect(logged).toHaveBeenCalledWith(error);
  });

  it('renders its block, and no dialog on the server', () => {
    const html = renderWithSite(
      <ComponentBoundary component="Sample">
        <p>Block</p>
      </ComponentBoundary>,
    );
    expect(html).toBe('<p>Block</p>');
  });
});
