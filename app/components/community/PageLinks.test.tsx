import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TEST_SITE_CONFIG } from '../ui/site-stub.test-support.tsx';
import { DiscussionList } from './DiscussionList.tsx';
import { PageLinks } from './PageLinks.tsx';

function render(element: ReactElement, url = '/') {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ config: TEST_SITE_CONFIG }),
      children: [{ id: 'page', index: true, Component: () => element }],
    },
  ]);
  return renderToStaticMarkup(
    <Stub
      initialEntries={[url]}
      hydrationData={{ loaderData: { root: { config: TEST_SITE_CONFIG } } }}
    />,
  );
}

const DISCUSSION = {
  id: '0D5000000000000001',
  title: 'Bank feed stopped',
  excerpt: '',
  author: { id: '005000000000000001', name: 'Ava Tester' },
  createdAt: '2026-03-05T10:00:00.000Z',
  answerCount: 0,
  upvoteCount: 0,
  answered: false,
  locked: false,
  hidden: false,
  topics: [],
};

describe('PageLinks', () => {
  it('links to the pages around the current one, keeping the list’s other parameters', () => {
    const html = render(
      <PageLinks page={3} count={5} label="Pages of unanswered discussions" />,
      '/?tab=unanswered&page=3',
    );
    expect(html).toContain('<nav aria-label="Pages of unanswered discussions">');
    expect(html).toMatch(/rel="prev" href="\/\?tab=unanswered&amp;page=2"[^>]*>Previous/);
    expect(html).toContain('Previous<span class="visually-hidden"> page</span>');
    expect(html).toContain('aria-label="Page 1" href="/?tab=unanswered"');
    expect(html).toContain(
      'aria-label="Page 3" aria-current="page" href="/?tab=unanswered&amp;page=3"',
    );
    expect(html).toMatch(/rel="next" href="\/\?tab=unanswered&amp;page=4"[^>]*>Next/);
  });

  it('offers no previous page on the first, no next on the last, nothing for one page', () => {
    expect(render(<PageLinks page={1} count={2} label="Pages" />)).not.toContain('Previous');
    expect(render(<PageLinks page={2} count={2} label="Pages" />)).not.toContain('Next');
    expect(render(<PageLinks page={1} count={1} label="Pages" />)).toBe('');
  });
});

describe("DiscussionList's View all", () => {
  it('links a short list to all of it, named in full', () => {
    const html = render(
      <DiscussionList
        discussions={[DISCUSSION]}
        emptyText="None"
        viewAll={{
          to: '/0/community/discussions?tab=unanswered',
          description: 'unanswered discussions',
        }}
      />,
    );
    expect(html).toContain(
      '<a href="/0/community/discussions?tab=unanswered" data-discover="true">View all<span class="visually-hidden"> unanswered discussions</span></a>',
    );
  });

  it('is not offered for an empty list', () => {
    const html = render(
      <DiscussionList discussions={[]} emptyText="None" viewAll={{ to: '/x', description: 'x' }} />,
    );
    expect(html).not.toContain('View all');
  });
});
