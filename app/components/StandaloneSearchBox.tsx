import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  searchSettings,
  dropdownTransition,
  INITIAL_DROPDOWN_STATE,
  optionId,
  type DropdownEvent,
  type DropdownState,
} from '~core/search';
import { reportError } from '../analytics/analytics.ts';
import { useCsrfToken } from '../csrf.ts';
import { useGateway } from '../gateway-client.ts';
import type { SearchAnalytics, Suggestion } from '../search/search-api.ts';
import { useSearchBoxEngine } from '../search/useSearchBoxEngine.ts';
import { loadSearchBoxServices, useSearchBoxServices } from '../search/useSearchBoxServices.ts';
import { useSite } from '../site.ts';
import styles from './StandaloneSearchBox.module.css';

/** Spec 9: the box offers 5 suggestions. */
export const SUGGESTION_COUNT = 5;
/** Spec 9's platform debounce: suggestions are asked for once typing pauses this long. */
export const SUGGESTIONS_DEBOUNCE_MS = 150;

export type SearchBoxMode = 'support' | 'learning';

export interface StandaloneSearchBoxProps {
  /** Which search page it sends the visitor to, and whose suggestions it offers. */
  mode?: SearchBoxMode;
  placeholder?: string;
  /** The id of the text field, for links that focus it (the search page's skip link). */
  inputId?: string;
  /** The query shown in the box; it follows changes (the search page's state). */
  query?: string;
  /**
   * On the search page the box searches in place instead of redirecting (spec 2.5: a box on its
   * own results page re-initialises rather than acting standalone).
   */
  onSearch?: (query: string, analytics: SearchAnalytics) => void;
  /**
   * Spec 4: Enter takes focus from the input. Where the box searches in place, the page says
   * where focus goes next (its results); elsewhere the page changes, so nothing is needed.
   */
  onInputLeft?: () => void;
  size?: 'large' | 'medium';
  /** Names the search landmark where a page has more than one box (the header's). */
  landmarkLabel?: string;
}

/**
 * The standalone search box of spec 2.5 with the suggestions dropdown of spec 4, written as an
 * ARIA combobox. Without script it is a plain GET form to the search page ('?q=').
 */
export function StandaloneSearchBox({
  mode = 'support',
  placeholder,
  inputId,
  query,
  onSearch,
  onInputLeft,
  size = 'large',
  landmarkLabel,
}: StandaloneSearchBoxProps) {
  const generatedId = useId();
  const id = inputId ?? `${generatedId}-input`;
  const listboxId = `${generatedId}-suggestions`;
  const site = useSite();
  const gateway = useGateway();
  const csrfToken = useCsrfToken() || null;
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);

  const [dropdown, setDropdown] = useState<DropdownState>({
    ...INITIAL_DROPDOWN_STATE,
    query: query ?? '',
  });
  // The box follows the query it is given (the search page's state, after Back, say).
  const [followedQuery, setFollowedQuery] = useState(query);
  if (query !== followedQuery) {
    setFollowedQuery(query);
    if (query !== undefined) setDropdown((state) => ({ ...state, query }));
  }
  const [loaded, setLoaded] = useState<{ typed: string; suggestions: Suggestion[] }>({
    typed: '',
    suggestions: [],
  });
  // Suggestions are asked for only while the list is open (spec 4: it opens on focus, so an
  // empty box asks for the most searched queries), not for a query the page filled in.
  const typed = dropdown.expanded ? dropdown.query.trim() : undefined;
  // While typing, the last list stays until the next arrives; an emptied box shows only its own.
  const suggestions =
    typed === undefined || (typed === '' && loaded.typed !== '') ? [] : loaded.suggestions;
  const current = useRef({ dropdown, suggestions });
  useEffect(() => {
    current.current = { dropdown, suggestions };
  });

  const config = site?.config;
  const settings = useMemo(
    () =>
      config ? searchSettings(config).find((candidate) => candidate.mode === mode) : undefined,
    [config, mode],
  );
  const searchHub = settings?.searchHub ?? '';
  // Spec 2.5: the page hands the box `onSearch` only on its own results page, whose engine the
  // box joins at once; a standalone box loads its services when the visitor first reaches it.
  const onResultsPage = onSearch !== undefined;
  const [used, setUsed] = useState(onResultsPage);
  // The page's scripts run after its first paint (decision 041): a visitor may have reached the
  // box, and typed in it, before they did. What the box has then counts as if it came now.
  useEffect(() => {
    const input = inputRef.current;
    if (input === null || document.activeElement !== input) return;
    setUsed(true);
    setDropdown((state) => {
      const focused = dropdownTransition(state, { type: 'focus' }).state;
      return input.value === state.query
        ? focused
        : dropdownTransition(focused, { type: 'input', query: input.value }).state;
    });
  }, []);
  const services = useSearchBoxServices(used);
  const registry = useMemo(() => services?.pageEngineRegistry(), [services]);
  useSearchBoxEngine(settings, onResultsPage, registry);
  const client = useMemo(
    () =>
      services && gateway && searchHub
        ? services.createSearchClient({ gateway, searchHub, csrfToken })
        : undefined,
    [services, gateway, searchHub, csrfToken],
  );

  // Suggestions follow the typed text once typing pauses; a newer request cancels an older one.
  useEffect(() => {
    if (!client || typed === undefined) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      client
        .suggest(typed, SUGGESTION_COUNT, controller.signal)
        .then((answer) => {
          if (controller.signal.aborted) return;
          setLoaded({ typed, suggestions: answer });
          setDropdown(
            (state) =>
              dropdownTransition(state, { type: 'suggestionsLoaded', count: answer.length }).state,
          );
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // Spec 8: a suggestions failure is raised and reported; the box still searches.
          inputRef.current?.dispatchEvent(
            new CustomEvent('searchsuggestionserror', { bubbles: true, detail: error }),
          );
          reportError(error, {
            source: 'StandaloneSearchBox.suggestions',
            searchHub: client.searchHub,
          });
        });
    }, SUGGESTIONS_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, typed]);

  if (!site) return null;
  const { contract } = site;
  const redirectUrl = contract.path(mode === 'learning' ? 'learningSearch' : 'search') ?? '/';
  const boxPlaceholder = placeholder ?? `Search ${config?.product ?? ''}`.trim();

  function search(value: string, analytics: SearchAnalytics) {
    if (onSearch) {
      onSearch(value, analytics);
      return;
    }
    // Spec 4 'Redirect': store the value and analytics, reset the query, then navigate (the
    // services are there unless the visitor submitted before they loaded; then they are awaited).
    const target = `${redirectUrl}#q=${encodeURIComponent(value)}`;
    setDropdown((state) => ({ ...state, query: '' }));
    void loadSearchBoxServices()
      .then(
        (loaded) => loaded.storeStandaloneEntry({ value, analytics }),
        (error: unknown) => reportError(error, { source: 'StandaloneSearchBox.load' }),
      )
      .finally(() => void navigate(target));
  }

  function send(event: DropdownEvent) {
    const before = current.current;
    // The list shown decides where arrows wrap; it empties as soon as the box does.
    const step = dropdownTransition(
      { ...before.dropdown, count: before.suggestions.length },
      event,
    );
    current.current = { ...before, dropdown: step.state };
    setDropdown(step.state);
    for (const effect of step.effects) {
      if (effect.type === 'blurInput') {
        inputRef.current?.blur();
        onInputLeft?.();
      } else if (effect.type === 'submit') {
        search(effect.query, { cause: 'searchboxSubmit' });
      } else {
        const picked = before.suggestions[effect.index];
        if (!picked) continue;
        setDropdown((state) => ({ ...state, query: picked.rawValue }));
        search(picked.rawValue, {
          cause: 'omniboxAnalytics',
          metadata: { partialQuery: before.dropdown.query, suggestion: picked.rawValue },
        });
      }
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const named: Partial<Record<string, DropdownEvent>> = {
      ArrowDown: { type: 'arrowDown' },
      ArrowUp: { type: 'arrowUp' },
      Enter: { type: 'enter' },
      Escape: { type: 'escape' },
    };
    const dropdownEvent = named[event.key];
    if (!dropdownEvent) return;
    event.preventDefault();
    send(dropdownEvent);
  }

  const open = dropdown.expanded && suggestions.length > 0;
  const active =
    open && dropdown.highlighted >= 0 ? optionId(listboxId, dropdown.highlighted) : undefined;

  return (
    <form
      role="search"
      aria-label={landmarkLabel}
      action={redirectUrl}
      method="get"
      className={size === 'large' ? `${styles.form} ${styles.large}` : styles.form}
      onPointerEnter={() => setUsed(true)}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'enter' });
      }}
    >
      <div className={styles.field}>
        <label htmlFor={id} className="visually-hidden">
          {`Search ${config?.product ?? ''}`}
        </label>
        <svg
          className={styles.icon}
          role="img"
          aria-label="Search icon"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          focusable="false"
        >
          <title>Search icon</title>
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          <path
            d="M15.5 15.5L21 21"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
        <input
          ref={inputRef}
          id={id}
          name="q"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={active}
          placeholder={boxPlaceholder}
          autoComplete="off"
          spellCheck={false}
          className={styles.input}
          value={dropdown.query}
          onChange={(event) => {
            setUsed(true);
            send({ type: 'input', query: event.target.value });
          }}
          onFocus={() => {
            setUsed(true);
            send({ type: 'focus' });
          }}
          onBlur={() => send({ type: 'blur' })}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label="Suggestions"
          className={styles.listbox}
          hidden={!open}
        >
          {open &&
            services &&
            suggestions.map((suggestion, index) => (
              <li
                key={`${index}-${suggestion.rawValue}`}
                id={optionId(listboxId, index)}
                role="option"
                aria-selected={index === dropdown.highlighted}
                className={styles.option}
                // Keeps the focus in the box, so blur does not close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => {
                  if (index !== dropdown.highlighted) send({ type: 'mouseMove', index });
                }}
                onClick={() => send({ type: 'click', index })}
              >
                {services
                  .highlightParts(suggestion.highlightedValue)
                  .map((part, partIndex) =>
                    part.bold ? (
                      <b key={partIndex}>{part.text}</b>
                    ) : (
                      <span key={partIndex}>{part.text}</span>
                    ),
                  )}
              </li>
            ))}
        </ul>
      </div>
      <button type="submit" className={styles.button}>
        Search
      </button>
    </form>
  );
}
