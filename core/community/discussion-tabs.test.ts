import { describe, expect, it } from 'vitest';
import { discussionListPath, DISCUSSIONS_PATH } from '../routes/index.ts';
import { DISCUSSION_TABS, discussionTabFrom, discussionTabLabel } from './discussion-tabs.ts';

describe('the community home tabs', () => {
  it('are Recent, Unanswered and Popular, Recent unless a query names another', () => {
    expect(DISCUSSION_TABS.map((tab) => tab.label)).toEqual(['Recent', 'Unanswered', 'Popular']);
    expect(discussionTabFrom('unanswered')).toBe('unanswered');
    expect(discussionTabFrom(null)).toBe('recent');
    expect(discussionTabFrom('everything')).toBe('recent');
    expect(discussionTabLabel('popular')).toBe('Popular');
  });

  it("each have a full list behind 'View all', paged, and so does a topic", () => {
    expect(DISCUSSIONS_PATH).toBe('/0/community/discussions');
    expect(discussionListPath({ tab: 'recent' })).toBe('/0/community/discussions');
    expect(discussionListPath({ tab: 'unanswered' }, 2)).toBe(
      '/0/community/discussions?tab=unanswered&page=2',
    );
    expect(discussionListPath({ topicId: '0TO000000000000001' }, 1)).toBe(
      '/0/community/discussions?topicId=0TO000000000000001',
    );
  });
});
