import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { pageHeading } from '~core/routes';
import {
  MAX_QUERY_LENGTH,
  RESULTS_PER_PAGE,
  toggleFacetValue,
  withDateFacet,
  type SearchHashState,
  searchSettings,
} from '~core/search';
import { GeneratedAnswer } from '~app/components/answer/GeneratedAnswer.tsx';
import { useGeneratedAnswer } from '~app/components/answer/useGeneratedAnswer.ts';
import { useRegion } from '~app/region/RegionProvider.tsx';
import { ResultList } from '~app/components/search/ResultList.tsx';
import { useResultSettings } from '~app/components/search/result-settings.ts';
import { StandaloneSearchBox, type SearchBoxMode } from '~app/components/StandaloneSearchBox.tsx';
import { DATE_FACET_FIELD, DateFacet, FacetGroup } from './SearchFilters.tsx';
import {
  documentsShown,
  useSearchController,
  type SearchView,
} from '~app/search/useSearchController.ts';
import { Skeleton } from '~app/components/ui/Skeleton.tsx';
import { useSite } from '~app/site.ts';
import styles from './search.module.css';

/** The id of the page's own search field, which the skip link focuses (spec 2.6). */
export const MAIN_SEARCH_INPUT_ID = 'main-search-query';

const PLACEHOLDERS: Record<SearchBoxMode, string> = {
  support: 'Search support, learning, and discussions',
  learning: 'Search courses, webinars and classrooms',
};

function resultCountText(view: SearchView): string {
  const response = view.response;
  if (view.status === 'starting' || view.status === 'loading') return 'Searching…';
  if (!response) return '';
  const total = response.totalCount;
  const noun = total === 1 ? 'result' : 'results';
  const q = view.state.q.trim();
  return q === '' ? `${total} ${noun}` : `${total} ${noun} for “${q}”`;
}

/**
 * Spec 2.6: the skip link ('#main') scrolls to the main region and focuses the page's search
 * field. The page takes the click itself, since '#main' in the address would replace the search
 * state that the hash holds.
 */
function useSkipLinkToSearchBox() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href="#main"]');
      if (!link) return;
      event.preventDefault();
      document.getElementById('main')?.scrollIntoView();
      document.getElementById(MAIN_SEARCH_INPUT_ID)?.focus();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);
}

/**
 * The words were misspelt and the results are for the corrected ones, as search engines say
 * it: the corrected query searches it as the query, 'Search instead for' the words as typed.
 */
function Correction({
  view,
  onSearch,
}: {
  view: SearchView;
  onSearch: (q: string, asTyped: boolean) => void;
}) {
  const correction = view.response?.queryCorrections[0]?.correctedQuery;
  if (!correction || view.status !== 'ready') return null;
  const typed = view.state.q;
  const link = (q: string, asTyped: boolean) => (
    <a
      href={`#q=${encodeURIComponent(q)}${asTyped ? '&enableDidYouMean=false' : ''}`}
      onClick={(event) => {
        event.preventDefault();
        onSearch(q, asTyped);
      }}
    >
      {q}
    </a>
  );
  return (
    <p className={styles.correction}>
      Showing results for {link(correction, false)}
      <br />
      Search instead for {link(typed, true)}
    </p>
  );
}

/** A pasted page of text is searched by its beginning; the visitor is told, not refused. */
function QueryCut({ view }: { view: SearchView }) {
  if (!view.response?.queryCut || view.status !== 'ready') return null;
  return (
    <p className={styles.correction} role="status">
      Your search was longer than {MAX_QUERY_LENGTH} characters, so only its beginning was searched.
    </p>
  );
}

function EmptyState({ view }: { view: SearchView }) {
  const q = view.state.q.trim();
  const filtered = Object.keys(view.state.facets).length > 0 || view.state.dateFacet;
  return (
    <div className={styles.empty}>
      <h2 className={styles.emptyTitle}>{q === '' ? 'No results' : `No results for “${q}”`}</h2>
      {q === '' && !filtered ? (
        <p className={styles.tipsLead}>Nothing is listed here yet. Try again later.</p>
      ) : (
        <ul className={styles.tips}>
          <li>Check the spelling of your search words.</li>
          <li>Try fewer or more general words, like “invoice” or “bank feed”.</li>
          {filtered ? <li>Clear some of the filters you chose.</li> : null}
        </ul>
      )}
    </div>
  );
}

export function SearchPage({
  mode,
  disableStateInUrl = false,
  skipFirstSearch = false,
}: {
  mode: SearchBoxMode;
  disableStateInUrl?: boolean;
  skipFirstSearch?: boolean;
}) {
  const site = useSite();
  const resultSettings = useResultSettings();
  const searchHub = useMemo(
    () =>
      site
        ? (searchSettings(site.config).find((settings) => settings.mode === mode)?.searchHub ?? '')
        : '',
    [site, mode],
  );
  const { view, change, logClick } = useSearchController({
    searchHub,
    disableStateInUrl,
    skipFirstSearch,
  });
  const answer = useGeneratedAnswer({
    searchHub,
    // Asked once the search for a question has answered, so the answer can name that search.
    // A query cut for being too long is answered as it was searched.
    question:
      view.status === 'ready' ? (view.response?.queryCut?.searchedFor ?? view.state.q) : undefined,
    searchId: view.response?.searchUid,
    userRegion: useRegion()?.region,
  });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const filtersId = useId();
  useSkipLinkToSearchBox();
  if (!site || !resultSettings) return null;

  const { state, response, status } = view;
  const results = response?.results ?? [];
  const update = (next: SearchHashState, cause: string) => change(next, { cause });
  const selectedCount =
    Object.values(state.facets).reduce((sum, values) => sum + values.length, 0) +
    (state.dateFacet ? 1 : 0);
  const busy = status === 'starting' || status === 'loading';
  const showFilters = response !== undefined && (results.length > 0 || selectedCount > 0);
  // While a search's first answer loads, the filters' place is kept, so the results do not
  // move aside or down when it arrives (layout shift).
  const holdFilters =
    !showFilters && (status === 'starting' || (status === 'loading' && response === undefined));
  const sortable = response !== undefined && results.length > 0;
  // The answer is asked once the results are in; its panel is there from the search's start, so
  // it does not push the results down when it comes.
  // Before start-up has read the query the page cannot know if there is one: like the results'
  // skeleton, the panel's is shown until it does.
  const answerAwaited =
    answer.state.phase === 'idle' &&
    (status === 'starting' ||
      (answer.client !== undefined &&
        state.q !== '' &&
        (status === 'loading' || status === 'ready')));

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>
        {pageHeading(mode === 'learning' ? 'learningSearch' : 'search', site.config)}
      </h1>
      <StandaloneSearchBox
        mode={mode}
        size="medium"
        inputId={MAIN_SEARCH_INPUT_ID}
        placeholder={PLACEHOLDERS[mode]}
        query={state.q}
        onSearch={(q, analytics) =>
          change({ ...state, q, numberOfResults: RESULTS_PER_PAGE }, analytics)
        }
        onInputLeft={() => resultsHeading.current?.focus()}
      />
      <noscript>
        <p className={styles.notice}>
          Search results need JavaScript. Turn it on and reload the page.
        </p>
      </noscript>

      <div className={styles.toolbar}>
        {/* The results heading: focus lands here after Enter in the box, so keyboard and
            screen reader users continue from the count rather than from the top of the page. */}
        <h2 ref={resultsHeading} tabIndex={-1} className={styles.count}>
          <span role="status" aria-live="polite" aria-atomic="true">
            {resultCountText(view) || 'Search results'}
          </span>
        </h2>
        {/* Always there (disabled without results), so the toolbar never grows under the reader. */}
        <label className={styles.sort}>
          Sort by
          <select
            disabled={!sortable}
            value={state.sort}
            onChange={(event) =>
              update(
                {
                  ...state,
                  sort: event.target.value === 'date' ? 'date' : 'relevancy',
                  numberOfResults: RESULTS_PER_PAGE,
                },
                'resultsSort',
              )
            }
          >
            <option value="relevancy">Relevance</option>
            <option value="date">Newest first</option>
          </select>
        </label>
      </div>

      <div className={showFilters || holdFilters ? styles.layout : undefined}>
        {holdFilters ? (
          <aside className={styles.filters} aria-hidden="true">
            <div className={styles.filtersPlaceholder} />
          </aside>
        ) : null}
        {showFilters ? (
          <aside className={styles.filters} aria-label="Filters">
            <button
              type="button"
              className={styles.filtersToggle}
              aria-expanded={filtersOpen}
              aria-controls={filtersId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {selectedCount > 0 ? `Filters (${selectedCount})` : 'Filters'}
            </button>
            <div
              id={filtersId}
              className={
                filtersOpen ? `${styles.filterBody} ${styles.filterBodyOpen}` : styles.filterBody
              }
            >
              {response.facets.map((facet) =>
                facet.field === DATE_FACET_FIELD ? (
                  <DateFacet
                    key={facet.field}
                    facet={facet}
                    selected={state.dateFacet}
                    onChange={(dateFacet) => update(withDateFacet(state, dateFacet), 'facetSelect')}
                  />
                ) : (
                  <FacetGroup
                    key={facet.field}
                    facet={facet}
                    selected={state.facets[facet.field] ?? []}
                    onToggle={(value) =>
                      update(toggleFacetValue(state, facet.field, value), 'facetSelect')
                    }
                  />
                ),
              )}
            </div>
          </aside>
        ) : null}

        <section className={styles.results} aria-label="Results" aria-busy={busy}>
          {status === 'error' ? (
            <p className={styles.failure} role="alert">
              {view.failure}
            </p>
          ) : null}
          <GeneratedAnswer
            state={answerAwaited ? { ...answer.state, phase: 'loading' } : answer.state}
            client={answer.client}
            settings={resultSettings}
          />
          {busy && results.length === 0 ? <Skeleton layout="contentList" /> : null}
          <QueryCut view={view} />
          <Correction
            view={view}
            onSearch={(q, asTyped) =>
              change(
                { ...state, q, numberOfResults: RESULTS_PER_PAGE, ...(asTyped ? { asTyped } : {}) },
                { cause: 'didyoumeanClick' },
              )
            }
          />
          {status === 'ready' && response && results.length === 0 ? (
            <EmptyState view={view} />
          ) : null}
          <div className={busy ? styles.stale : undefined}>
            <ResultList
              results={results}
              settings={resultSettings}
              headingLevel={2}
              label="Search results"
              onOpen={logClick}
            />
          </div>
          {response && documentsShown(results) < response.totalCount && status !== 'error' ? (
            <button
              type="button"
              className={styles.loadMore}
              disabled={status === 'loadingMore'}
              onClick={() =>
                change(
                  { ...state, numberOfResults: documentsShown(results) + RESULTS_PER_PAGE },
                  { cause: 'pagerNext' },
                  true,
                )
              }
            >
              {status === 'loadingMore' ? 'Loading…' : 'Load more'}
            </button>
          ) : null}
        </section>
      </div>
    </div>
  );
}
