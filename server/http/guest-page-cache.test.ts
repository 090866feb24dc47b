import { describe, expect, it } from 'vitest';
import { GuestPageCache, sharedPage } from './guest-page-cache.ts';

function cacheAt(start = 1_000_000) {
  const clock = { now: start };
  const cache = new GuestPageCache({
    freshMs: 5_000,
    keepMs: 60_000,
    maxBytes: 100_000,
    nowMs: () => clock.now,
  });
  return { cache, clock };
}

const page = (text: string) =>
  sharedPage(200, [['content-type', 'text/html']], Buffer.from(text), []);

describe('GuestPageCache', () => {
  it('serves a page as fresh for its fresh time, then only as kept', () => {
    const { cache, clock } = cacheAt();
    cache.store('/a', page('A'));
    expect(cache.lookup('/a')).toMatchObject({ fresh: true });
    clock.now += 4_999;
    expect(cache.lookup('/a')?.fresh).toBe(true);
    clock.now += 1;
    expect(cache.lookup('/a')).toMatchObject({ fresh: false });
    expect(cache.lookup('/a')?.page.body.toString()).toBe('A');
    clock.now += 60_001;
    expect(cache.lookup('/a')).toBeUndefined();
  });

  it('keys pages apart and gives equal bodies equal tags', () => {
    const { cache } = cacheAt();
    cache.store('/a\nAU', page('one'));
    cache.store('/a\nUK', page('two'));
    expect(cache.lookup('/a\nAU')?.page.body.toString()).toBe('one');
    expect(cache.lookup('/a\nUK')?.page.body.toString()).toBe('two');
    expect(page('one').etag).toBe(page('one').etag);
    expect(page('one').etag).not.toBe(page('two').etag);
    expect(page('one').etag).toMatch(/^"[\w-]+"$/);
  });

  it('no longer serves as fresh what was rendered before a change, but keeps it for an outage', () => {
    const { cache } = cacheAt();
    cache.store('/a', page('old'));
    cache.invalidate();
    expect(cache.lookup('/a')).toMatchObject({ fresh: false });
    cache.store('/a', page('new'));
    expect(cache.lookup('/a')).toMatchObject({ fresh: true });
    expect(cache.lookup('/a')?.page.body.toString()).toBe('new');
  });

  it('renders once for many who ask at the same time, and each gets the page', async () => {
    const { cache } = cacheAt();
    let renders = 0;
    let finish: (value: ReturnType<typeof page>) => void = () => {};
    const render = () => {
      renders += 1;
      return new Promise<ReturnType<typeof page>>((resolve) => (finish = resolve));
    };
    const first = cache.renderOnce('/a', render);
    const second = cache.renderOnce('/a', render);
    finish(page('A'));
    const [one, two] = await Promise.all([first, second]);
    expect(renders).toBe(1);
    expect(one).toMatchObject({ rendered: true });
    expect(two).toMatchObject({ rendered: false });
    expect(two.page).toBe(one.page);
    expect(cache.lookup('/a')?.fresh).toBe(true);
    // Once done, the next miss renders again.
    await cache.renderOnce('/b', async () => page('B'));
    await cache.renderOnce('/b', async () => page('B2'));
    expect(cache.lookup('/b')?.page.body.toString()).toBe('B2');
  });

  it('does not keep a page whose render a change of content overtook', async () => {
    const { cache } = cacheAt();
    const made = await cache.renderOnce('/a', async () => {
      cache.invalidate();
      return page('rendered before the change was seen');
    });
    expect(made.page?.body.toString()).toBe('rendered before the change was seen');
    expect(cache.lookup('/a')).toBeUndefined();
  });

  it('leaves a page that may not be shared out, and a failed render to each caller', async () => {
    const { cache } = cacheAt();
    expect(await cache.renderOnce('/private', async () => undefined)).toEqual({
      page: undefined,
      rendered: true,
    });
    expect(cache.lookup('/private')).toBeUndefined();
    const failing = cache.renderOnce('/x', () => Promise.reject(new Error('render failed')));
    const waiting = cache.renderOnce('/x', async () => page('never'));
    await expect(failing).rejects.toThrow('render failed');
    expect(await waiting).toEqual({ page: undefined, rendered: false });
  });

  it('drops the least recently used pages to stay within its memory, compressed copies counted', () => {
    const { cache } = cacheAt();
    const big = 'x'.repeat(40_000);
    cache.store('/1', page(big));
    cache.store('/2', page(big));
    cache.lookup('/1');
    const third = page(big);
    cache.store('/3', third);
    expect(cache.lookup('/2')).toBeUndefined();
    expect(cache.lookup('/1')).toBeDefined();
    cache.storeEncoded('/3', third, 'br', Buffer.alloc(40_000));
    expect(third.encoded.br?.length).toBe(40_000);
    expect(cache.lookup('/1')).toBeUndefined();
    expect(cache.lookup('/3')).toBeDefined();
  });
});
