import { useEffect, useId } from 'react';
import {
  DIALOG_LABELS,
  INITIAL_TOAST_STATE,
  TOAST_ICONS,
  containerClaimed,
  containerReleased,
  toastAdded,
  toastRemoved,
  toastVariant,
  type Toast,
  type ToastVariant,
} from '~core/ui';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';
import { createPageStore, usePageStore } from './page-store.ts';
import styles from './Toasts.module.css';

const toasts = createPageStore(INITIAL_TOAST_STATE);
let nextToast = 0;

export interface ToastInput {
  variant?: ToastVariant;
  title: string;
  message?: string;
  durationMs?: number;
  /** Showing a toast with the id of one on screen replaces it. */
  id?: string;
}

/** Shows a toast in the page's toast container; returns its id. */
export function showToast(input: ToastInput): string {
  nextToast += 1;
  const id = input.id ?? `toast-${nextToast}`;
  toasts.update((state) =>
    toastAdded(state, {
      id,
      variant: toastVariant(input.variant),
      title: input.title,
      message: input.message,
      durationMs: input.durationMs,
    }),
  );
  return id;
}

export function closeToast(id: string): void {
  toasts.update((state) => toastRemoved(state, id));
}

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    if (toast.durationMs === undefined) return;
    const timer = window.setTimeout(() => closeToast(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.durationMs]);
  return (
    <li className={`${styles.toast} ${styles[toast.variant]}`} data-toast={toast.variant}>
      <Icon name={TOAST_ICONS[toast.variant]} className={styles.icon} />
      <div className={styles.text}>
        <p className={styles.title}>{toast.title}</p>
        {toast.message ? <p className={styles.message}>{toast.message}</p> : null}
      </div>
      <Button
        label={DIALOG_LABELS.close}
        variant="icon"
        size="small"
        iconName="cross"
        onClick={() => closeToast(toast.id)}
      />
    </li>
  );
}

/**
 * Spec 9: at most one toast container. Any number may be mounted (a page and a block may both
 * bring one); the first to mount draws the toasts and the others stay empty.
 */
export function ToastContainer() {
  const id = useId();
  const state = usePageStore(toasts, INITIAL_TOAST_STATE);
  useEffect(() => {
    toasts.update((current) => containerClaimed(current, id));
    return () => toasts.update((current) => containerReleased(current, id));
  }, [id]);
  if (state.container !== id) return null;
  return (
    <section className={styles.container} aria-label="Notifications" data-toast-container="">
      <div role="status" aria-live="polite">
        <ul className={styles.list}>
          {state.toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} />
          ))}
        </ul>
      </div>
    </section>
  );
}
