import { describe, expect, it } from 'vitest';
import {
  dropdownTransition,
  INITIAL_DROPDOWN_STATE,
  optionId,
  type DropdownEvent,
  type DropdownState,
} from './suggestions.ts';

const OPEN: DropdownState = { query: 'rec', expanded: true, highlighted: -1, count: 3 };

function run(state: DropdownState, ...events: DropdownEvent[]): DropdownState {
  return events.reduce((current, event) => dropdownTransition(current, event).state, state);
}

describe('the suggestions dropdown', () => {
  it('opens on focus and closes on blur, which resets the highlight', () => {
    const opened = run(INITIAL_DROPDOWN_STATE, { type: 'focus' });
    expect(opened.expanded).toBe(true);
    const highlighted = run(OPEN, { type: 'arrowDown' });
    expect(highlighted.highlighted).toBe(0);
    expect(run(highlighted, { type: 'blur' })).toEqual({ ...OPEN, expanded: false });
  });

  it('moves down and wraps from the last to the first', () => {
    const steps = [1, 2, 3, 4].map((n) =>
      run(OPEN, ...Array<DropdownEvent>(n).fill({ type: 'arrowDown' })),
    );
    expect(steps.map((state) => state.highlighted)).toEqual([0, 1, 2, 0]);
  });

  it('moves up and wraps from the first to the last; from none, up is the last', () => {
    const steps = [1, 2, 3, 4].map((n) =>
      run(OPEN, ...Array<DropdownEvent>(n).fill({ type: 'arrowUp' })),
    );
    expect(steps.map((state) => state.highlighted)).toEqual([2, 1, 0, 2]);
  });

  it('opens when an arrow is pressed on a closed list', () => {
    const state = run({ ...OPEN, expanded: false }, { type: 'arrowDown' });
    expect(state).toMatchObject({ expanded: true, highlighted: 0 });
  });

  it('highlights nothing when there are no suggestions', () => {
    const empty = { ...OPEN, count: 0 };
    expect(run(empty, { type: 'arrowDown' }).highlighted).toBe(-1);
    expect(run(empty, { type: 'arrowUp' }).highlighted).toBe(-1);
  });

  it('highlights on mouse move, inside the list only', () => {
    expect(run(OPEN, { type: 'mouseMove', index: 2 }).highlighted).toBe(2);
    expect(run(OPEN, { type: 'mouseMove', index: 3 }).highlighted).toBe(-1);
    expect(run(OPEN, { type: 'mouseMove', index: -1 }).highlighted).toBe(-1);
    expect(run(OPEN, { type: 'mouseMove', index: 0.5 }).highlighted).toBe(-1);
  });

  it('selects the highlighted suggestion on Enter, then blurs the input', () => {
    const state = run(OPEN, { type: 'arrowDown' }, { type: 'arrowDown' });
    const step = dropdownTransition(state, { type: 'enter' });
    expect(step.effects).toEqual([{ type: 'select', index: 1 }, { type: 'blurInput' }]);
    expect(step.state).toMatchObject({ expanded: false, highlighted: -1 });
  });

  it('submits the typed text on Enter when nothing is highlighted', () => {
    const step = dropdownTransition(OPEN, { type: 'enter' });
    expect(step.effects).toEqual([{ type: 'submit', query: 'rec' }, { type: 'blurInput' }]);
  });

  it('submits the typed text on Enter when the list is closed, even with a stale highlight', () => {
    const step = dropdownTransition(
      { ...OPEN, expanded: false, highlighted: 1 },
      { type: 'enter' },
    );
    expect(step.effects[0]).toEqual({ type: 'submit', query: 'rec' });
  });

  it('resets the highlight and takes the new text on any other key', () => {
    const state = run(OPEN, { type: 'arrowDown' }, { type: 'input', query: 'reco' });
    expect(state).toEqual({ ...OPEN, query: 'reco', highlighted: -1 });
  });

  it('selects a clicked suggestion and closes', () => {
    const step = dropdownTransition(OPEN, { type: 'click', index: 2 });
    expect(step.effects).toEqual([{ type: 'select', index: 2 }]);
    expect(step.state.expanded).toBe(false);
    expect(dropdownTransition(OPEN, { type: 'click', index: 7 }).effects).toEqual([]);
  });

  it('closes on Escape', () => {
    expect(run(OPEN, { type: 'arrowDown' }, { type: 'escape' })).toMatchObject({
      expanded: false,
      highlighted: -1,
    });
  });

  it('forgets the highlight when a new list arrives', () => {
    const state = run(OPEN, { type: 'arrowDown' }, { type: 'suggestionsLoaded', count: 5 });
    expect(state).toMatchObject({ count: 5, highlighted: -1 });
    expect(run(OPEN, { type: 'suggestionsLoaded', count: -2 }).count).toBe(0);
  });

  it('names options for aria-activedescendant', () => {
    expect(optionId('box', 3)).toBe('box-option-3');
  });
});
