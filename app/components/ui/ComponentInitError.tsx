import { Component, useEffect, useId, type ErrorInfo, type ReactNode } from 'react';
import {
  INITIAL_INIT_ERROR_STATE,
  INIT_ERROR_HINT,
  INIT_ERROR_TITLE,
  componentFailed,
  initErrorDismissed,
  initErrorMessage,
  containerClaimed,
  containerReleased,
} from '~core/ui';
import { reportError } from '~app/analytics/analytics.ts';
import { AlertDialog } from './Dialog.tsx';
import { createPageStore, usePageStore } from './page-store.ts';

interface InitErrorStore {
  errors: typeof INITIAL_INIT_ERROR_STATE;
  /** The one mounted host that draws the dialog (same one-owner rule as the toast container). */
  container: string | null;
}

const INITIAL: InitErrorStore = { errors: INITIAL_INIT_ERROR_STATE, container: null };
const store = createPageStore(INITIAL);

/**
 * Spec 8 'Component initialisation failure': the error goes to the console and the
 * error-reporting service, the component is flagged as failed, and the alert dialog opens
 * unless it was already shown on this page.
 */
export function reportComponentInitFailure(component: string, error: unknown): void {
  reportError(error, { source: component });
  const page = typeof window === 'undefined' ? '' : window.location.pathname;
  store.update((state) => ({
    ...state,
    errors: componentFailed(state.errors, { component, page }),
  }));
}

export function isComponentFailed(component: string): boolean {
  return store.get().errors.failed.includes(component);
}

/** Draws the initialisation-error dialog when this is the page's first mounted host. */
export function InitErrorDialogHost() {
  const id = useId();
  const state = usePageStore(store, INITIAL);
  useEffect(() => {
    store.update((current) => containerClaimed(current, id));
    return () => store.update((current) => containerReleased(current, id));
  }, [id]);
  const open = state.errors.open;
  if (state.container !== id || !open) return null;
  return (
    <AlertDialog
      open
      variant="error"
      title={INIT_ERROR_TITLE}
      onClose={() =>
        store.update((current) => ({ ...current, errors: initErrorDismissed(current.errors) }))
      }
    >
      <p>{initErrorMessage(open.component)}</p>
      <p>{INIT_ERROR_HINT}</p>
    </AlertDialog>
  );
}

interface BoundaryProps {
  /** The component's name as the dialog states it. */
  component: string;
  children: ReactNode;
}

/**
 * Wraps a block: if it throws while rendering, the block is left out of the page and the failure
 * is reported as a component initialisation failure.
 */
export class ComponentBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    reportComponentInitFailure(this.props.component, error);
  }

  override render() {
    return (
      <>
        {this.state.failed ? null : this.props.children}
        <InitErrorDialogHost />
      </>
    );
  }
}
