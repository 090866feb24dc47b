import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A rendered page that any guest of the same region may be sent as it is. */
export interface SharedPage {
  status: number;
  /** The rendered response's headers, Set-Cookie never among them. */
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer;
  /** A strong validator of the body: the same bytes, the same tag. */
  etag: string;
  /** The CSP hash sources of the page's inline scripts. */
  scriptHashes: readonly string[];
  /** Compressed copies, each made once, when a guest first asks for that encoding. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

export interface GuestPageCacheOptions {
  /** How long a page is served without rendering it again. */
  freshMs: number;
  /**
   * How long a page is kept after that, to be served only when rendering fails because the
   * database cannot be reached: an outage then shows slightly old pages rather than none.
   */
  keepMs: number;
  /** The most memory the bodies may take, compressed copies included. */
  maxBytes: number;
  nowMs: () => number;
}

interface Entry {
  page: SharedPage;
  madeAt: number;
  generation: number;
}

export type Lookup = { page: SharedPage; fresh: boolean } | undefined;

export function sharedPage(
  status: number,
  headers: ReadonlyArray<readonly [string, string]>,
  body: Buffer,
  scriptHashes: readonly string[],
): SharedPage {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { status, headers, body, etag, scriptHashes, encoded: {} };
}

const sizeOf = (entry: Entry) =>
  entry.page.body.length +
  (entry.page.encoded.br?.length ?? 0) +
  (entry.page.encoded.gzip?.length ?? 0) +
  1_024;

/**
 * The in-process micro-cache of guests' pages, keyed by what makes two guests' pages differ
 * (address and region): a burst of guests on one page costs one render. A change to content
 * starts a new generation, so nothing rendered before it is served as fresh again.
 */
export class GuestPageCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly inFlight = new Map<string, Promise<SharedPage | undefined>>();
  private generation = 0;

  constructor(private readonly options: GuestPageCacheOptions) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes,
      sizeCalculation: sizeOf,
      ttl: options.freshMs + options.keepMs,
      ttlAutopurge: false,
      // Read the clock on every lookup rather than once a millisecond: tests move it.
      ttlResolution: 0,
      perf: { now: options.nowMs },
    });
  }

  /** The page kept for `key`: fresh when it may be served as it is. */
  lookup(key: string): Lookup {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    const fresh =
      entry.generation === this.generation &&
      this.options.nowMs() - entry.madeAt < this.options.freshMs;
    return { page: entry.page, fresh };
  }

  store(key: string, page: SharedPage): void {
    this.entries.set(key, { page, madeAt: this.options.nowMs(), generation: this.generation });
  }

  /** Keeps a compressed copy with its page, counted against the memory limit. */
  storeEncoded(key: string, page: SharedPage, encoding: 'br' | 'gzip', body: Buffer): void {
    page.encoded[encoding] = body;
    const entry = this.entries.peek(key);
    // A new entry object: the cache measures an entry's size only when its value changes.
    if (entry?.page === page) this.entries.set(key, { ...entry }, { noUpdateTTL: true });
  }

  /** Every page rendered so far stops being fresh; kept ones still serve an outage. */
  invalidate(): void {
    this.generation += 1;
    this.inFlight.clear();
  }

  /**
   * Runs `render` for `key` unless a render of it is already under way, in which case the
   * caller waits for that one: concurrent guests on one page cost one render. Resolves to the
   * page when it could be shared, else undefined (each caller then answers for itself).
   */
  async renderOnce(
    key: string,
    render: () => Promise<SharedPage | undefined>,
  ): Promise<{ page: SharedPage | undefined; rendered: boolean }> {
    const running = this.inFlight.get(key);
    if (running !== undefined) {
      return { page: await running.catch(() => undefined), rendered: false };
    }
    const generation = this.generation;
    const made = render();
    this.inFlight.set(key, made);
    try {
      const page = await made;
      // A page rendered across a change of content may show the old content: served to the
      // guests who asked, but not kept as fresh.
      if (page !== undefined && generation === this.generation) this.store(key, page);
      return { page, rendered: true };
    } finally {
      if (this.inFlight.get(key) === made) this.inFlight.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
