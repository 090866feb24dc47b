import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { reportError } from '../analytics/analytics.ts';

/**
 * A component's element, whose code the page loads only once it is wanted (and keeps after), so
 * pages that never show it do not carry it; nothing until then. Loaded by hand rather than with
 * `lazy` and Suspense, whose reveal of a boundary that showed its fallback waits on a timer.
 * `load` must be a constant of its caller's module; a failed load is reported.
 */
export function useElementWhen(
  wanted: boolean,
  load: () => Promise<ComponentType>,
  source: string,
): ReactNode {
  const [component, setComponent] = useState<ComponentType>();
  useEffect(() => {
    if (!wanted || component) return;
    let live = true;
    load().then(
      (loaded) => {
        if (live) setComponent(() => loaded);
      },
      (error: unknown) => reportError(error, { source }),
    );
    return () => {
      live = false;
    };
  }, [wanted, component, load, source]);
  return component ? createElement(component) : null;
}
