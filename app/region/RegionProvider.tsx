import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { isRegion, type Region } from '~core/regions';
import { announceRegionChange, regionChannelName } from './region-events.ts';
import { storeRegion } from './region-storage.ts';

export interface RegionState {
  region: Region;
  setRegion(region: Region): void;
}

const RegionContext = createContext<RegionState | undefined>(undefined);

/**
 * The visitor's region for the whole page. It starts from the region the server rendered with
 * (the cookie, or a guess from the browser's languages), so server and browser agree. Setting
 * it stores it and announces the change to this page and, through a BroadcastChannel, to the
 * site's other tabs, which adopt it too.
 */
export function RegionProvider({
  initialRegion,
  prefix,
  children,
}: {
  initialRegion: Region;
  prefix: string;
  children: ReactNode;
}) {
  const [region, setRegionState] = useState(initialRegion);
  const current = useRef(initialRegion);
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(regionChannelName(prefix));
    channel.current = opened;
    opened.onmessage = (event: MessageEvent<unknown>) => {
      const next = (event.data as { region?: unknown } | null)?.region;
      if (!isRegion(next) || next === current.current) return;
      const previous = current.current;
      current.current = next;
      storeRegion(next, prefix);
      setRegionState(next);
      announceRegionChange({ region: next, previous, origin: 'other-tab' });
    };
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [prefix]);

  const setRegion = useCallback(
    (next: Region) => {
      // Stored even when unchanged: choosing again renews the cookie's 7 days.
      storeRegion(next, prefix);
      const previous = current.current;
      if (next === previous) return;
      current.current = next;
      setRegionState(next);
      announceRegionChange({ region: next, previous, origin: 'this-page' });
      channel.current?.postMessage({ region: next });
    },
    [prefix],
  );

  const value = useMemo(() => ({ region, setRegion }), [region, setRegion]);
  return <RegionContext.Provider value={value}>{children}</RegionContext.Provider>;
}

/** The region and its setter; undefined outside the provider (the root error page). */
export function useRegion(): RegionState | undefined {
  return useContext(RegionContext);
}
