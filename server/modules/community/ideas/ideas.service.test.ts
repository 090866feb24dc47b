import { beforeAll, expect, it } from 'vitest';
import { findSearchDocument } from '~server/modules/search';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { communityWorld, refusal, type CommunityWorld } from '../community.fixture.ts';
import {
  commentOnIdea,
  getIdea,
  listIdeas,
  proposeIdea,
  setIdeaStatus,
  voteForIdea,
} from './ideas.service.ts';

describeEachDialect('product ideas', (database) => {
  let world: CommunityWorld;
  let ideaId = '';

  beforeAll(async () => {
    world = await communityWorld(database().db);
  });

  it('proposes an idea, searchable as ProductIdea', async () => {
    ideaId = (
      await proposeIdea(world.as('fan'), {
        title: 'Bulk-approve expense claims',
        body: 'Let managers approve many claims at once.',
      })
    ).id;
    const document = await findSearchDocument(database().db, ideaId);
    expect(document).toMatchObject({
      objecttypelabel: 'ProductIdea',
      common_contenttype: 'ProductIdea',
      click_uri: `/s/ideas/${ideaId}`,
    });
  });

  it('counts one vote per member', async () => {
    expect((await voteForIdea(world.as('asker'), ideaId)).voteCount).toBe(1);
    expect((await voteForIdea(world.as('asker'), ideaId)).voteCount).toBe(1);
    expect((await voteForIdea(world.as('helper'), ideaId)).voteCount).toBe(2);
    expect(await getIdea(world.as('asker'), ideaId)).toMatchObject({
      voteCount: 2,
      votedByViewer: true,
      can: { vote: false, setStatus: false },
    });
  });

  it('lets admins alone set the status', async () => {
    expect(await refusal(setIdeaStatus(world.as('fan'), ideaId, 'planned'))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await refusal(setIdeaStatus(world.as('admin'), ideaId, 'maybe' as never))).toMatchObject(
      { code: 'INVALID_INPUT' },
    );
    await setIdeaStatus(world.as('admin'), ideaId, 'under review');
    expect((await listIdeas(world.guest(), { status: 'under review' })).map((i) => i.id)).toEqual([
      ideaId,
    ]);
  });

  it('takes comments, checked for banned words', async () => {
    await commentOnIdea(world.as('asker'), ideaId, { body: 'Yes please!' });
    expect(
      await refusal(commentOnIdea(world.as('asker'), ideaId, { body: 'shit idea' })),
    ).toMatchObject({ code: 'BANNED_WORDS' });
    expect(await getIdea(world.guest(), ideaId)).toMatchObject({
      commentCount: 1,
      comments: [{ author: { name: 'Ava Tester' } }],
    });
  });
});
