import { useEffect, useRef, useState } from 'react';
import { shortcutAction, shortcutsOf, type AgentAction, type ShortcutPlace } from '~core/cases';
import { Button } from '~app/components/ui/Button.tsx';
import { Dialog } from '~app/components/ui/Dialog.tsx';
import styles from './agent.module.css';

const FIELD = 'input, textarea, select, [contenteditable="true"]';

/**
 * The workspace's keyboard shortcuts on one page, and their list: behind a button, or `?`.
 * Keys typed into a field stay text. Every action also has its own button or link.
 */
export function AgentShortcuts({
  place,
  onAction,
}: {
  place: ShortcutPlace;
  onAction: (action: Exclude<AgentAction, 'show-shortcuts'>) => void;
}) {
  const [open, setOpen] = useState(false);
  const latest = useRef(onAction);
  useEffect(() => {
    latest.current = onAction;
  }, [onAction]);
  useEffect(() => {
    if (open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const action = shortcutAction(
        {
          key: event.key,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          inField: target?.closest(FIELD) !== null && target !== null,
        },
        place,
      );
      if (!action) return;
      event.preventDefault();
      if (action === 'show-shortcuts') setOpen(true);
      else latest.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, place]);
  return (
    <>
      <Button
        variant="standard"
        size="small"
        label="Keyboard shortcuts"
        onClick={() => setOpen(true)}
      />
      <Dialog open={open} onClose={() => setOpen(false)} title="Keyboard shortcuts">
        <dl className={styles.shortcuts}>
          {shortcutsOf(place).map((shortcut) => (
            <div key={shortcut.key} className={styles.shortcut}>
              <dt>
                <kbd>{shortcut.key}</kbd>
              </dt>
              <dd>{shortcut.description}</dd>
            </div>
          ))}
        </dl>
      </Dialog>
    </>
  );
}
