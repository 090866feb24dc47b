import { describe, expect, it, vi } from 'vitest';
import { INTERFACE_LOAD, planStartup, regionChangePlan } from './search-startup.ts';

const ENTRY = { value: 'bank rule', analytics: { cause: 'omniboxAnalytics' } };

describe('planStartup', () => {
  it('syncs the URL, sets the context, then runs the first search with the stored entry', () => {
    expect(planStartup({ disableStateInUrl: false, skipFirstSearch: false }, () => ENTRY)).toEqual([
      { type: 'syncUrlState' },
      { type: 'setSearchContext' },
      { type: 'takeStandaloneEntry' },
      { type: 'firstSearch', query: 'bank rule', analytics: ENTRY.analytics },
    ]);
  });

  it('runs the first search normally without an entry', () => {
    expect(
      planStartup({ disableStateInUrl: false, skipFirstSearch: false }, () => undefined).at(-1),
    ).toEqual({ type: 'firstSearch', analytics: INTERFACE_LOAD });
  });

  it('does not sync the URL when URL state is disabled', () => {
    const steps = planStartup({ disableStateInUrl: true, skipFirstSearch: false }, () => ENTRY);
    expect(steps.map((step) => step.type)).toEqual([
      'setSearchContext',
      'takeStandaloneEntry',
      'firstSearch',
    ]);
  });

  it('neither searches nor takes the entry with skipFirstSearch', () => {
    const entry = vi.fn(() => ENTRY);
    expect(planStartup({ disableStateInUrl: false, skipFirstSearch: true }, entry)).toEqual([
      { type: 'syncUrlState' },
      { type: 'setSearchContext' },
    ]);
    expect(entry).not.toHaveBeenCalled();
  });
});

describe('regionChangePlan', () => {
  it('ignores a broadcast of the region the context already has', () => {
    expect(regionChangePlan('AU', 'AU', false)).toEqual({
      updateContext: false,
      rerun: undefined,
    });
  });

  it("updates the context and re-runs with cause 'regionChanged'", () => {
    expect(regionChangePlan('AU', 'UK', false)).toEqual({
      updateContext: true,
      rerun: { cause: 'regionChanged' },
    });
    expect(regionChangePlan(undefined, 'UK', false).rerun).toEqual({ cause: 'regionChanged' });
  });

  it('only updates the context with skipFirstSearch', () => {
    expect(regionChangePlan('AU', 'UK', true)).toEqual({ updateContext: true, rerun: undefined });
  });
});
