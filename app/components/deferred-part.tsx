import { lazy, Suspense, useState, type ComponentType } from 'react';

export interface DeferredPart<Props extends object> {
  /** The part, rendered at once when its module is here, else when the module arrives. */
  Part: ComponentType<Props>;
  /** Loads the part's module: a route's clientLoader waits for it, so its page shows whole. */
  load(): Promise<ComponentType<Props>>;
}

/**
 * A part of a page whose code loads beside the page's scripts rather than before the page can
 * hydrate. The server renders it as always; the browser hydrates it when its module arrives.
 * Arriving from another page, a route's clientLoader awaits `load()`, since a Suspense boundary
 * that showed its fallback reveals its content only after a delay.
 */
export function deferredPart<Props extends object>(
  importPart: () => Promise<ComponentType<Props>>,
): DeferredPart<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const load = () => {
    loading ??= importPart().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed load (a dropped connection) is tried again by the next page that wants it.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Part(props: Props) {
    // Fixed for the part's life, so React never sees its element type change under it.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return (
      <Suspense>
        <Component {...props} />
      </Suspense>
    );
  }
  return { Part, load };
}
