/** Toast variants: the tone of the message and its icon. */
export const TOAST_VARIANTS = ['info', 'success', 'warning', 'error'] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];

export const TOAST_ICONS: Readonly<Record<ToastVariant, string>> = {
  info: 'info',
  success: 'checkCircle',
  warning: 'warning',
  error: 'invalid',
};

export interface Toast {
  id: string;
  variant: ToastVariant;
  title: string;
  message?: string;
  /** Closes itself after this long; without it the toast stays until closed. */
  durationMs?: number;
}

export interface ToastState {
  toasts: readonly Toast[];
  /** Spec 9: at most one toast container per page; the first to mount is the one. */
  container: string | null;
}

export const INITIAL_TOAST_STATE: ToastState = { toasts: [], container: null };

export function toastVariant(value: unknown): ToastVariant {
  return (TOAST_VARIANTS as readonly unknown[]).includes(value) ? (value as ToastVariant) : 'info';
}

export function toastAdded(state: ToastState, toast: Toast): ToastState {
  return { ...state, toasts: [...state.toasts.filter((shown) => shown.id !== toast.id), toast] };
}

export function toastRemoved(state: ToastState, id: string): ToastState {
  return { ...state, toasts: state.toasts.filter((toast) => toast.id !== id) };
}

/** Holders of one page-wide container (toasts, the init-error dialog): the first mount owns it. */
export interface SingleContainer {
  container: string | null;
}

export function containerClaimed<State extends SingleContainer>(state: State, id: string): State {
  return state.container === null ? { ...state, container: id } : state;
}

export function containerReleased<State extends SingleContainer>(state: State, id: string): State {
  return state.container === id ? { ...state, container: null } : state;
}
