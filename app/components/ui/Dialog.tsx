import {
  useEffect,
  useId,
  useRef,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  DIALOG_LABELS,
  FOCUSABLE_SELECTOR,
  MODAL_CLASS_REMOVAL_DELAY_MS,
  RESIZE_DEBOUNCE_MS,
  isSmallScreen,
  modalBodyClass,
  trappedFocusIndex,
} from '~core/ui';
import { useSiteConfig } from '~app/site.ts';
import { Button } from './Button.tsx';
import styles from './Dialog.module.css';

/** Resizing is reported 300 ms after it stops (spec 9), not on every frame of a drag. */
function subscribeToResize(onChange: () => void): () => void {
  let timer: number | undefined;
  const onResize = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(onChange, RESIZE_DEBOUNCE_MS);
  };
  window.addEventListener('resize', onResize);
  return () => {
    window.clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}

/** Whether the window is 480 px or narrower; the server renders the wide layout. */
function useSmallScreen(): boolean {
  return useSyncExternalStore(
    subscribeToResize,
    () => isSmallScreen(window.innerWidth),
    () => false,
  );
}

let openModals = 0;
let removalTimer: number | undefined;

/** The body class of spec 9 stays while any modal is open and leaves 100 ms after the last. */
function useModalBodyClass(open: boolean, prefix: string): void {
  useEffect(() => {
    if (!open) return;
    const className = modalBodyClass(prefix);
    openModals += 1;
    window.clearTimeout(removalTimer);
    document.body.classList.add(className);
    return () => {
      openModals -= 1;
      if (openModals > 0) return;
      removalTimer = window.setTimeout(
        () => document.body.classList.remove(className),
        MODAL_CLASS_REMOVAL_DELAY_MS,
      );
    };
  }, [open, prefix]);
}

export interface DialogProps {
  open: boolean;
  /** Called on the close button, Escape, and the backdrop's cancel. */
  onClose: () => void;
  /** Defaults to 'Alert' for alert dialogs. */
  title?: string;
  /** 'alert' is announced at once (role alertdialog); 'error' adds the error theme to it. */
  variant?: 'default' | 'alert' | 'error';
  /** Shows 'Processing' in place of the body and blocks closing. */
  processing?: boolean;
  children?: ReactNode;
  footer?: ReactNode;
  /** Where focus goes on opening; by default the first focusable element (the close button). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element: the page behind it is inert, so Tab stays
 * inside it, and Escape closes it. Focus returns to where it was when it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  variant = 'default',
  processing = false,
  children,
  footer,
  initialFocusRef,
  className,
}: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const prefix = useSiteConfig()?.prefix ?? 'portal';
  const small = useSmallScreen();
  useModalBodyClass(open, prefix);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const opener = document.activeElement as HTMLElement | null;
      element.showModal();
      initialFocusRef?.current?.focus();
      return () => {
        if (element.open) element.close();
        opener?.focus?.();
      };
    }
  }, [open, initialFocusRef]);

  const isAlert = variant !== 'default';
  const heading = title ?? (isAlert ? DIALOG_LABELS.alert : undefined);
  const classes = [
    styles.dialog,
    small ? styles.small : undefined,
    variant === 'error' ? styles.error : undefined,
    className,
  ];
  return (
    <dialog
      ref={dialog}
      className={classes.filter(Boolean).join(' ')}
      role={isAlert ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={heading ? titleId : undefined}
      aria-label={heading ? undefined : DIALOG_LABELS.alert}
      aria-describedby={bodyId}
      aria-busy={processing || undefined}
      onKeyDown={(event) => {
        // A modal <dialog> makes the page inert, but Tab can still leave for the browser's own
        // controls: wrap it around inside the dialog instead.
        if (event.key !== 'Tab' || !dialog.current) return;
        const focusables = [
          ...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR),
        ].filter((element) => element.getClientRects().length > 0);
        const index = focusables.indexOf(document.activeElement as HTMLElement);
        const target = trappedFocusIndex(focusables.length, index, event.shiftKey);
        if (target === null) return;
        event.preventDefault();
        focusables[target]?.focus();
      }}
      onCancel={(event) => {
        // Escape: the dialog closes through its owner, so its open state stays the truth.
        event.preventDefault();
        if (!processing) onClose();
      }}
    >
      {open ? (
        <div className={styles.frame}>
          <div className={styles.header}>
            {heading ? (
              <h2 id={titleId} className={styles.title}>
                {heading}
              </h2>
            ) : null}
            <Button
              label={DIALOG_LABELS.close}
              variant="icon"
              iconName="cross"
              disabled={processing}
              onClick={onClose}
            />
          </div>
          <div id={bodyId} className={styles.body}>
            {processing ? (
              <div className={styles.processing} role="status">
                <span className={styles.spinner} aria-hidden="true" />
                {DIALOG_LABELS.processing}
              </div>
            ) : (
              children
            )}
          </div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

export interface ConfirmDialogProps extends Omit<DialogProps, 'footer' | 'variant'> {
  onConfirm: () => void;
  variant?: DialogProps['variant'];
}

/** A dialog with 'Cancel' and 'OK'. */
export function ConfirmDialog({ onConfirm, onClose, processing, ...props }: ConfirmDialogProps) {
  return (
    <Dialog
      {...props}
      onClose={onClose}
      processing={processing}
      footer={
        <>
          <Button label={DIALOG_LABELS.cancel} onClick={onClose} disabled={processing} />
          <Button
            label={DIALOG_LABELS.ok}
            variant="main"
            onClick={onConfirm}
            disabled={processing}
          />
        </>
      }
    />
  );
}

/** A message that needs acknowledging: role alertdialog, 'OK' closes it. */
export function AlertDialog({ onClose, variant = 'alert', ...props }: DialogProps) {
  return (
    <Dialog
      {...props}
      variant={variant}
      onClose={onClose}
      footer={<Button label={DIALOG_LABELS.ok} variant="main" onClick={onClose} />}
    />
  );
}
