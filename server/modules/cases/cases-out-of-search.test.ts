import { beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { createAnswersService } from '~server/modules/answers';
import { contentForSearch } from '~server/modules/content';
import { createSearchService, searchProviderFor } from '~server/modules/search';
import { caseWorld, customerCase, type CaseWorld } from './cases.fixture.ts';
import { raiseCase, replyToCase } from './index.ts';

/*
 * Cases are found on My cases and in the agents' workspace, never through the site's search or
 * its answers (docs/cases.md, "Search"): not for a guest, not for the case's own people, not for
 * an agent. A case's words reaching the search index would let them leak into anyone's results,
 * facet counts, suggestions or answers.
 */

const WORD = 'zorbquist';
const config = testConfig();
const HUB = `${config.prefix}_GlobalSearch`;

describeEachDialect('cases stay out of the site search', (database) => {
  let world: CaseWorld;

  beforeAll(async () => {
    world = await caseWorld(database().db);
    const raised = await raiseCase(
      world.as('owner'),
      customerCase(world, { subject: `The ${WORD} bank feed stopped` }),
    );
    await replyToCase(world.as('agent'), raised.id, {
      body: `Reconnect the ${WORD} feed from the bank accounts page.`,
    });
  });

  it('writes none of a case’s words into the search index', async () => {
    const rows = await database()
      .db.selectFrom('search_document')
      .select('unique_id')
      .where((where) =>
        where.or([
          where('title', 'like', `%${WORD}%`),
          where('excerpt', 'like', `%${WORD}%`),
          where('body_text', 'like', `%${WORD}%`),
        ]),
      )
      .execute();
    expect(rows).toEqual([]);
  });

  it('finds nothing of the case for a guest, a signed-in visitor or a partner, and answers nothing from it', async () => {
    const search = createSearchService({
      database: database(),
      engine: searchProviderFor(database()),
      content: contentForSearch,
      site: config,
    });
    for (const [isGuest, isPartner] of [
      [true, false],
      [false, false],
      [false, true],
    ] as const) {
      const response = await search.search(
        {
          searchHub: HUB,
          q: WORD,
          sortCriteria: 'relevancy',
          firstResult: 0,
          numberOfResults: 10,
          folding: true,
          enableDidYouMean: false,
        },
        { isGuest, isPartner, statistics: false },
      );
      expect(response.totalCount).toBe(0);
    }
    const answers = createAnswersService({ database: database(), site: config });
    const answer = await answers.answer({ searchHub: HUB, q: `what is ${WORD}` }, {});
    expect(answer.declined).toBe(true);
  });
});
