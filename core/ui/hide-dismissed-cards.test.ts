import { describe, expect, it } from 'vitest';
import {
  DISMISS_KEY_ATTRIBUTE,
  dismissKey,
  HIDE_DISMISSED_CARDS_SCRIPT,
} from './dismissible-card.ts';

function storage(entries: Record<string, string>) {
  const keys = Object.keys(entries);
  return {
    length: keys.length,
    key: (index: number) => keys[index] ?? null,
    getItem: (key: string) => entries[key] ?? null,
  };
}

/** Runs the head script against two storages; answers the style it added, if any. */
function run(session: Record<string, string>, local: Record<string, string> = {}) {
  const added: Array<{ textContent: string }> = [];
  const window = { sessionStorage: storage(session), localStorage: storage(local) };
  const document = {
    createElement: () => ({ textContent: '' }),
    head: { appendChild: (element: { textContent: string }) => added.push(element) },
  };
  new Function('window', 'document', HIDE_DISMISSED_CARDS_SCRIPT)(window, document);
  return added.map((element) => element.textContent);
}

describe('the head script that hides dismissed cards before the first paint', () => {
  it('hides each card dismissed in either storage, by its key', () => {
    const styles = run({ [dismissKey('Un-auth')]: '1' }, { [dismissKey('Partner Start PE')]: '1' });
    expect(styles).toEqual([
      `[${DISMISS_KEY_ATTRIBUTE}="dismissible-card:Un-auth"],[${DISMISS_KEY_ATTRIBUTE}="dismissible-card:Partner Start PE"]{display:none}`,
    ]);
  });

  it('adds nothing when no card was dismissed, or only other values and keys are stored', () => {
    expect(run({})).toEqual([]);
    expect(run({ [dismissKey('Un-auth')]: '0', other: '1' })).toEqual([]);
  });

  it('cannot be led out of the selector by a stored key', () => {
    const [style] = run({ 'dismissible-card:x"],body{color:red}[a="': '1' });
    expect(style).toBe(
      `[${DISMISS_KEY_ATTRIBUTE}="dismissible-card:x],body{color:red}[a="]{display:none}`,
    );
  });

  it('does nothing, without an error, where storage is blocked', () => {
    const blocked = () => {
      throw new Error('SecurityError');
    };
    const window = {
      get sessionStorage() {
        return blocked();
      },
    };
    expect(() =>
      new Function('window', 'document', HIDE_DISMISSED_CARDS_SCRIPT)(window, {}),
    ).not.toThrow();
  });
});
