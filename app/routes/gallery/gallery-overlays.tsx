import { useRef, useState, type ReactNode } from 'react';
import { TOAST_VARIANTS } from '~core/ui';
import { Button } from '~app/components/ui/Button.tsx';
import { ComponentBoundary } from '~app/components/ui/ComponentInitError.tsx';
import { AlertDialog, ConfirmDialog, Dialog } from '~app/components/ui/Dialog.tsx';
import { ToastContainer, showToast } from '~app/components/ui/Toasts.tsx';
import styles from './gallery.module.css';
import { Block } from './gallery-frame.tsx';

/* Dialogs, toasts and the component initialisation error. */

export function DialogsBlock() {
  const [open, setOpen] = useState<'plain' | 'confirm' | 'alert' | null>(null);
  const [processing, setProcessing] = useState(false);
  const [result, setResult] = useState('');
  const close = () => setOpen(null);
  const firstField = useRef<HTMLInputElement>(null);
  return (
    <Block id="dialogs">
      <div className={styles.row}>
        <Button label="Open dialog" onClick={() => setOpen('plain')} />
        <Button label="Open confirm dialog" onClick={() => setOpen('confirm')} />
        <Button label="Open alert" onClick={() => setOpen('alert')} />
      </div>
      <p className={styles.note} role="status" data-testid="dialog-result">
        {result}
      </p>
      <Dialog
        open={open === 'plain'}
        onClose={() => {
          setResult('Dialog closed');
          close();
        }}
        title="Edit your display name"
        initialFocusRef={firstField}
        footer={
          <Button
            label="Save"
            variant="main"
            onClick={() => {
              setResult('Saved');
              close();
            }}
          />
        }
      >
        <label htmlFor="gallery-display-name">Display name</label>{' '}
        <input id="gallery-display-name" ref={firstField} defaultValue="Sam" />
      </Dialog>
      <ConfirmDialog
        open={open === 'confirm'}
        title="Remove this step?"
        processing={processing}
        onClose={() => {
          setResult('Cancelled');
          close();
        }}
        onConfirm={() => {
          setProcessing(true);
          window.setTimeout(() => {
            setProcessing(false);
            setResult('Confirmed');
            close();
          }, 800);
        }}
      >
        <p>The step moves to your dismissed steps.</p>
      </ConfirmDialog>
      <AlertDialog
        open={open === 'alert'}
        onClose={() => {
          setResult('Alert acknowledged');
          close();
        }}
      >
        <p>Your changes were saved, but the summary will update in a few minutes.</p>
      </AlertDialog>
    </Block>
  );
}

export function ToastsBlock() {
  return (
    <Block id="toasts">
      <div className={styles.row}>
        {TOAST_VARIANTS.map((variant) => (
          <Button
            key={variant}
            label={`Show ${variant} toast`}
            onClick={() =>
              showToast({
                variant,
                title: `${variant[0]?.toUpperCase()}${variant.slice(1)} toast`,
                message: 'This is what a toast of this kind looks like.',
              })
            }
          />
        ))}
        <Button
          label="Show a toast that closes itself"
          onClick={() => showToast({ title: 'Saved', variant: 'success', durationMs: 3000 })}
        />
      </div>
      <p className={styles.note}>
        The page mounts two toast containers; only one draws (at most one per page).
      </p>
      <ToastContainer />
      <ToastContainer />
    </Block>
  );
}

function Broken({ fail }: { fail: boolean }): ReactNode {
  if (fail) throw new Error('The gallery asked this block to fail.');
  return <p className={styles.note}>Working normally.</p>;
}

export function InitErrorBlock() {
  const [failures, setFailures] = useState(0);
  return (
    <Block id="init-error">
      <p className={styles.note}>
        The first failure on a page opens the error dialog; later failures are flagged and reported,
        without a second dialog.
      </p>
      <div className={styles.row}>
        <Button
          label="Break a block"
          variant="negative"
          onClick={() => setFailures((count) => count + 1)}
        />
      </div>
      <ComponentBoundary component="Gallery sample">
        <Broken fail={failures >= 1} />
      </ComponentBoundary>
      <ComponentBoundary component="Second gallery sample">
        <Broken fail={failures >= 2} />
      </ComponentBoundary>
    </Block>
  );
}
