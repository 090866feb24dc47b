/**
 * Spec 4 'Suggestions dropdown' as a state machine: the search box feeds it events and acts on
 * the effect it answers.
 */

export interface DropdownState {
  /** The text typed in the box. */
  query: string;
  expanded: boolean;
  /** The highlighted suggestion, -1 for none. */
  highlighted: number;
  /** How many suggestions the list shows. */
  count: number;
}

export type DropdownEvent =
  | { type: 'focus' }
  | { type: 'blur' }
  | { type: 'arrowDown' }
  | { type: 'arrowUp' }
  | { type: 'mouseMove'; index: number }
  | { type: 'enter' }
  | { type: 'escape' }
  /** Any other key: the text in the box after it. */
  | { type: 'input'; query: string }
  | { type: 'click'; index: number }
  | { type: 'suggestionsLoaded'; count: number };

export type DropdownEffect =
  { type: 'select'; index: number } | { type: 'submit'; query: string } | { type: 'blurInput' };

export interface DropdownStep {
  state: DropdownState;
  /** What the box must do, in order. */
  effects: DropdownEffect[];
}

export const INITIAL_DROPDOWN_STATE: DropdownState = {
  query: '',
  expanded: false,
  highlighted: -1,
  count: 0,
};

function closed(state: DropdownState): DropdownState {
  return { ...state, expanded: false, highlighted: -1 };
}

function inRange(state: DropdownState, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < state.count;
}

/** Moves the highlight by one, wrapping at both ends; from none, down is the first, up the last. */
function moved(state: DropdownState, step: 1 | -1): DropdownState {
  if (state.count === 0) return { ...state, expanded: true, highlighted: -1 };
  const from = state.highlighted < 0 ? (step === 1 ? -1 : state.count) : state.highlighted;
  const highlighted = (from + step + state.count) % state.count;
  return { ...state, expanded: true, highlighted };
}

export function dropdownTransition(state: DropdownState, event: DropdownEvent): DropdownStep {
  switch (event.type) {
    case 'focus':
      return { state: { ...state, expanded: true }, effects: [] };
    case 'blur':
      return { state: closed(state), effects: [] };
    case 'escape':
      return { state: closed(state), effects: [] };
    case 'arrowDown':
      return { state: moved(state, 1), effects: [] };
    case 'arrowUp':
      return { state: moved(state, -1), effects: [] };
    case 'mouseMove':
      return inRange(state, event.index)
        ? { state: { ...state, highlighted: event.index }, effects: [] }
        : { state, effects: [] };
    case 'enter': {
      const effect: DropdownEffect =
        state.expanded && inRange(state, state.highlighted)
          ? { type: 'select', index: state.highlighted }
          : { type: 'submit', query: state.query };
      return { state: closed(state), effects: [effect, { type: 'blurInput' }] };
    }
    case 'input':
      return {
        state: { ...state, query: event.query, expanded: true, highlighted: -1 },
        effects: [],
      };
    case 'click':
      return inRange(state, event.index)
        ? { state: closed(state), effects: [{ type: 'select', index: event.index }] }
        : { state, effects: [] };
    case 'suggestionsLoaded':
      // A new list: the old highlight would point at a different suggestion.
      return {
        state: { ...state, count: Math.max(0, Math.floor(event.count)), highlighted: -1 },
        effects: [],
      };
  }
}

/** The id of an option element, for aria-activedescendant. */
export function optionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}
