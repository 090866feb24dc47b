import { beforeAll, expect, it } from 'vitest';
import { findSearchDocument } from '~server/modules/search';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { communityWorld, refusal, type CommunityWorld } from '../community.fixture.ts';
import {
  answerDiscussion,
  editPost,
  startDiscussion,
} from '../discussions/discussion-posting.service.ts';
import { getDiscussion } from '../discussions/discussions.service.ts';
import { flagItem, listModerationQueue, setHidden, setLocked } from './moderation.service.ts';

describeEachDialect('moderation', (database) => {
  let world: CommunityWorld;
  let discussionId = '';
  let answerId = '';

  beforeAll(async () => {
    world = await communityWorld(database().db);
    discussionId = (
      await startDiscussion(world.as('asker'), {
        title: 'Bank feed stopped importing transactions',
        body: 'Nothing since Monday.',
      })
    ).id;
    answerId = (
      await answerDiscussion(world.as('helper'), discussionId, { body: 'Reconnect the feed.' })
    ).id;
  });

  it('queues flags for admins only', async () => {
    await flagItem(world.as('fan'), 'post', discussionId, { reason: 'spam' });
    expect(
      await refusal(flagItem(world.as('asker'), 'post', discussionId, { reason: 'spam' })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await refusal(flagItem(world.as('fan'), 'post', answerId, { reason: 'other' })),
    ).toMatchObject({ code: 'INVALID_INPUT', field: 'note' });
    expect(await refusal(listModerationQueue(world.as('fan')))).toMatchObject({
      code: 'FORBIDDEN',
    });
    const queue = await listModerationQueue(world.as('admin'));
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      target: 'post',
      id: discussionId,
      hidden: false,
      author: { name: 'Ava Tester' },
      flags: [{ reason: 'spam', by: { name: 'Fay Tester' } }],
    });
  });

  it('hides and restores a discussion, and its search document with it', async () => {
    await setHidden(world.as('admin'), 'post', discussionId, true);
    expect(await getDiscussion(world.guest(), discussionId)).toBeUndefined();
    expect(await getDiscussion(world.as('admin'), discussionId)).toMatchObject({ hidden: true });
    expect(await findSearchDocument(database().db, discussionId)).toBeUndefined();
    expect(await listModerationQueue(world.as('admin'))).toEqual([]);
    await setHidden(world.as('admin'), 'post', discussionId, false);
    expect(await findSearchDocument(database().db, discussionId)).toBeDefined();
  });

  it('hides an answer from everyone but moderators and its author', async () => {
    await setHidden(world.as('admin'), 'post', answerId, true);
    expect((await getDiscussion(world.guest(), discussionId))?.answers).toEqual([]);
    expect((await getDiscussion(world.as('helper'), discussionId))?.answers).toHaveLength(1);
    await setHidden(world.as('admin'), 'post', answerId, false);
    expect((await getDiscussion(world.guest(), discussionId))?.answerCount).toBe(1);
  });

  it('locks a discussion against new answers and edits', async () => {
    expect(await refusal(setLocked(world.as('asker'), discussionId, true))).toMatchObject({
      code: 'FORBIDDEN',
    });
    await setLocked(world.as('admin'), discussionId, true);
    expect(
      await refusal(answerDiscussion(world.as('fan'), discussionId, { body: 'Late' })),
    ).toMatchObject({ code: 'LOCKED', status: 409 });
    expect(await refusal(editPost(world.as('helper'), answerId, { body: 'Edit' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    await setLocked(world.as('admin'), discussionId, false);
  });
});
