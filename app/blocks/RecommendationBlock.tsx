import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import {
  DEFAULT_RECOMMENDATION_RESULTS,
  recommendationCount,
  recommendationHeading,
  SHOW_MORE_LABEL,
  showsMore,
  showsRecommendationIntro,
} from '~core/ui';
import type { RecommendationTab, SearchResult } from '~core/search';
import { RECOMMENDATIONS_SEARCH_HUB } from '~core/search';
import { reportError } from '../analytics/analytics.ts';
import { ResultList } from '../components/search/ResultList.tsx';
import { useResultSettings } from '../components/search/result-settings.ts';
import { Button, StyledLink } from '../components/ui/Button.tsx';
import { Skeleton } from '../components/ui/Skeleton.tsx';
import { useCsrfToken } from '../csrf.ts';
import { useGateway } from '../gateway-client.ts';
import { useRegion } from '../region/RegionProvider.tsx';
import { createSearchClient, type SearchClient } from '../search/search-client.ts';
import styles from './RecommendationBlock.module.css';

export interface RecommendationLink {
  label: string;
  href: string;
}

export interface RecommendationBlockProps {
  heading: string;
  /** 1–6; anything else renders an h2 (spec 5). */
  headingLevel?: number | string;
  description?: string;
  link?: RecommendationLink;
  tab: RecommendationTab;
  /** Applied only when numeric (spec 5); otherwise the result list default. */
  numberOfResults?: number | string;
  /** Offers 'Show more' while results remain. */
  showMore?: boolean;
}

interface Loaded {
  searchUid: string;
  total: number;
  results: SearchResult[];
}

export interface RecommendationViewProps extends Omit<RecommendationBlockProps, 'tab'> {
  /** Undefined until the first search answers. */
  loaded?: Loaded;
  loadingMore?: boolean;
  onShowMore?: () => void;
  onOpen?: (result: { uniqueId: string }, position: number) => void;
}

/** What the block shows for a state; the gallery renders each state through it. */
export function RecommendationView({
  heading,
  headingLevel,
  description,
  link,
  showMore = false,
  loaded,
  loadingMore = false,
  onShowMore,
  onOpen,
}: RecommendationViewProps) {
  const settings = useResultSettings();
  const headingId = useId();
  const { level, styleLevel } = recommendationHeading(headingLevel ?? 2);
  const progress = {
    searched: loaded !== undefined,
    shown: loaded?.results.length ?? 0,
    total: loaded?.total ?? 0,
  };
  if (!settings) return null;
  if (!loaded) {
    return (
      <section className={styles.block} aria-busy="true" aria-label={heading}>
        <Skeleton layout="smallContentList" label={`Loading ${heading}`} />
      </section>
    );
  }
  // Spec 4: nothing to recommend, nothing to show; the heading waits for results.
  if (!showsRecommendationIntro(progress)) return null;
  const Tag = `h${level}` as const;
  return (
    <section className={styles.block} aria-labelledby={headingId}>
      <div className={styles.header}>
        <Tag id={headingId} className={`${styles.heading} ${styles[`h${styleLevel}`]}`}>
          {heading}
        </Tag>
        {link ? <StyledLink label={link.label} href={link.href} iconName="right-arrow" /> : null}
      </div>
      {description ? <p className={styles.description}>{description}</p> : null}
      <ResultList
        results={loaded.results}
        settings={settings}
        headingLevel={Math.min(level + 1, 6)}
        onOpen={onOpen}
        label={heading}
      />
      {showsMore(progress, showMore) ? (
        <div className={styles.more}>
          <Button label={SHOW_MORE_LABEL} disabled={loadingMore} onClick={onShowMore} />
        </div>
      ) : null}
    </section>
  );
}

/**
 * Spec 2.7 'Recommendation block': one tab of the 'recommendations' hub (spec 7), asked with
 * the tab name and the page URL as origin levels and the visitor's region as search context.
 * A failed search is reported and the block stays empty: recommendations are never worth an
 * error on the page.
 */
export function RecommendationBlock(props: RecommendationBlockProps) {
  const { tab, numberOfResults } = props;
  const gateway = useGateway();
  const csrfToken = useCsrfToken() || null;
  const region = useRegion()?.region;
  const count = recommendationCount(numberOfResults, DEFAULT_RECOMMENDATION_RESULTS);
  const client: SearchClient | undefined = useMemo(
    () =>
      gateway
        ? createSearchClient({ gateway, csrfToken, searchHub: RECOMMENDATIONS_SEARCH_HUB })
        : undefined,
    [gateway, csrfToken],
  );
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);

  const fetchPage = useCallback(
    (firstResult: number, cause: string, signal?: AbortSignal) => {
      if (!client) return Promise.reject(new Error('No search client'));
      return client.search(
        {
          tab,
          firstResult,
          numberOfResults: count,
          folding: false,
          ...(region ? { context: { userRegion: region } } : {}),
          analytics: { cause, originLevel2: tab, originLevel3: window.location.href },
        },
        signal,
      );
    },
    [client, tab, count, region],
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchPage(0, 'recommendationInterfaceLoad', controller.signal).then(
      (answer) =>
        setLoaded({
          searchUid: answer.searchUid,
          total: answer.totalCount,
          results: answer.results,
        }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        reportError(error, { source: 'recommendations', tab });
        setLoaded({ searchUid: '', total: 0, results: [] });
      },
    );
    return () => controller.abort();
  }, [fetchPage, tab]);

  const more = () => {
    if (!loaded) return;
    setLoadingMore(true);
    fetchPage(loaded.results.length, 'showMoreResults')
      .then(
        (answer) =>
          setLoaded({
            searchUid: answer.searchUid,
            total: answer.totalCount,
            results: [...loaded.results, ...answer.results],
          }),
        (error: unknown) => reportError(error, { source: 'recommendations.more', tab }),
      )
      .finally(() => setLoadingMore(false));
  };

  const open = (result: { uniqueId: string }, position: number) => {
    if (client && loaded?.searchUid) {
      client.logClick({ searchUid: loaded.searchUid, uniqueId: result.uniqueId, position });
    }
  };

  return (
    <RecommendationView
      {...props}
      loaded={loaded}
      loadingMore={loadingMore}
      onShowMore={more}
      onOpen={open}
    />
  );
}
