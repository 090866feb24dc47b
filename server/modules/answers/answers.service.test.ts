import { beforeAll, describe, expect, it } from 'vitest';
import { NO_ANSWER_TEXT } from '~core/answers';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { importContent } from '~server/modules/content';
import { findSearchDocument, saveSearchDocument } from '~server/modules/search';
import { listAnswerEvents } from './answers.repository.ts';
import {
  AnswerNotFoundError,
  AnswerRequestError,
  answerEvents,
  createAnswersService,
  type AnswersService,
} from './answers.service.ts';
import { DEFAULT_PASSAGE_SOURCES, type PassageSource } from './passage-sources.ts';

// The shipped demo content: the questions below are ones it answers (or, on purpose, does not).
const CONTENT_DIR = 'content';
const config = testConfig();
const SUPPORT = 'LL_GlobalSearch';
const LEARNING = 'LL_LearningSearch';

const citedNames = (answer: {
  citations: { fields: Record<string, unknown>; clickUri: string }[];
}) =>
  answer.citations.map((citation) =>
    String(citation.fields.sfurlname ?? citation.clickUri.split('/').at(-1)),
  );

describeEachDialect('generated answers', (database) => {
  let service: AnswersService;
  let userId: string;

  beforeAll(async () => {
    const report = await importContent(database().db, CONTENT_DIR, config);
    expect(report.ok).toBe(true);
    service = createAnswersService({ database: database(), site: config });
    userId = (await signInAs(database(), 'answers-customer')).user.id;
  }, 60_000);

  it('answers a how-to question in 2–5 sentences, each citing a passage', async () => {
    const answer = await service.answer(
      { searchHub: SUPPORT, q: 'How do I reset my password?' },
      {},
    );
    expect(answer).toMatchObject({ declined: false, provider: 'grounded', cached: false });
    expect(answer.sentences.length).toBeGreaterThanOrEqual(2);
    expect(answer.sentences.length).toBeLessThanOrEqual(5);
    for (const sentence of answer.sentences) expect(sentence).toMatch(/\[\d\][.!?]$/);
    expect(citedNames(answer)[0]).toBe('reset-your-password');
    const [first] = answer.citations;
    expect(first).toMatchObject({
      number: 1,
      title: 'Reset your password',
      clickUri: '/s/article/reset-your-password',
      uri: `${config.siteUrl}/s/article/reset-your-password`,
      source: expect.any(String),
      contentType: expect.any(String),
    });
    expect(first?.fields.sfkbid).toBe(first?.id);
    expect(first?.text.length).toBeGreaterThan(20);
  });

  it('answers a misspelt question as the search page corrected it', async () => {
    const answer = await service.answer(
      { searchHub: SUPPORT, q: 'How do I reset my pasword?' },
      {},
    );
    expect(answer.declined).toBe(false);
    expect(citedNames(answer)[0]).toBe('reset-your-password');
  });

  it('streams answer, citations, deltas and end events in that order', async () => {
    const answer = await service.answer(
      { searchHub: SUPPORT, q: 'How do I reset my password' },
      {},
    );
    const events = answerEvents(answer);
    expect(events.map((event) => event.event)).toEqual([
      'answer',
      'citations',
      ...answer.sentences.map(() => 'delta'),
      'end',
    ]);
    expect(events.map((event) => (event.event === 'delta' ? event.data.text : '')).join('')).toBe(
      answer.sentences.join(' '),
    );
  });

  it('serves the same question again from the cache, however it is written', async () => {
    const first = await service.answer(
      { searchHub: SUPPORT, q: 'How do I turn on multi-factor authentication?' },
      {},
    );
    const again = await service.answer(
      { searchHub: SUPPORT, q: '  how do I turn ON multi factor authentication ' },
      {},
    );
    expect(again).toEqual({ ...first, cached: true });
  });

  it('keeps one answer per hub and region', async () => {
    const q = 'How do I lodge my tax return?';
    const au = await service.answer({ searchHub: SUPPORT, q, userRegion: 'AU' }, {});
    const uk = await service.answer({ searchHub: SUPPORT, q, userRegion: 'gb' }, {});
    expect(au.answerId).not.toBe(uk.answerId);
    expect(uk.cached).toBe(false);
    expect((await service.answer({ searchHub: SUPPORT, q, userRegion: 'UK' }, {})).cached).toBe(
      true,
    );
  });

  it("prefers content for the asker's region: GST in Australia, VAT in the UK", async () => {
    const q = 'How do I submit my tax return?';
    const au = await service.answer({ searchHub: SUPPORT, q, userRegion: 'AU' }, {});
    const uk = await service.answer({ searchHub: SUPPORT, q, userRegion: 'UK' }, {});
    expect(citedNames(au)[0]).toBe('prepare-and-lodge-a-bas');
    expect(citedNames(uk)[0]).toMatch(/vat|hmrc/);
  });

  it('declines a question the content does not answer, and records nothing as shown', async () => {
    const answer = await service.answer(
      { searchHub: SUPPORT, q: 'How do I bake sourdough bread?' },
      {},
    );
    expect(answer).toMatchObject({ declined: true, citations: [], sentences: [NO_ANSWER_TEXT] });
    expect(answerEvents(answer).at(-1)).toEqual({
      event: 'end',
      data: { declined: true, provider: 'grounded' },
    });
    expect(await listAnswerEvents(database().db, answer.answerId)).toEqual([]);
  });

  it('answers on the learning hub only from learning items, and on the support hub never from them', async () => {
    const id = 'a0Xcourseanswers01';
    await saveSearchDocument(database().db, {
      unique_id: id,
      origin: 'answers-test',
      title: 'Reconciliation masterclass',
      excerpt: '',
      body_text: '',
      sfdescription:
        'A live masterclass on reconciling bank accounts in Ledgerleaf with bank rules. Bring your own bank statement and reconcile a month with a trainer.',
      click_uri: 'https://learn.example/student/activity/LL-C-900',
      objecttype: 'LearningItem',
      objecttypelabel: 'Course',
      common_contenttype: 'Online course',
      syssource: 'Learning',
      source: 'Learning',
      collection: 'default',
      documenttype: 'LearningItem',
      language: 'en',
      permanentid: 'LL-C-900',
      sfcoreproductc: '[]',
      sfaudiencec: '[]',
      topic_ids: '[]',
      updated_at: new Date().toISOString(),
    });
    const learning = await service.answer(
      { searchHub: LEARNING, q: 'Is there a masterclass on reconciling bank accounts?' },
      {},
    );
    expect(learning.citations.map((citation) => citation.id)).toEqual([id]);
    const password = await service.answer(
      { searchHub: LEARNING, q: 'How do I reset my password?' },
      {},
    );
    expect(password.declined).toBe(true);
    const support = await service.answer(
      { searchHub: SUPPORT, q: 'Is there a masterclass on reconciling bank accounts?' },
      {},
    );
    expect(support.citations.map((citation) => citation.id)).not.toContain(id);
  });

  it('refuses hubs without answers', async () => {
    expect(() => service.modeOf('recommendations')).toThrow(AnswerRequestError);
    await expect(service.answer({ searchHub: 'Nope', q: 'Why?' }, {})).rejects.toThrow(
      /not a search hub/,
    );
  });

  it('records shown, liked, disliked and citation-clicked events', async () => {
    const answer = await service.answer(
      { searchHub: SUPPORT, q: 'How do I cancel my subscription?', searchId: 'search-1' },
      { userId },
    );
    await service.recordFeedback(answer.answerId, { helpful: true }, { userId });
    await service.recordFeedback(
      answer.answerId,
      { helpful: false, reason: 'outdated', details: '  The menu moved.  ' },
      {},
    );
    const citationId = answer.citations[0]?.id ?? '';
    await service.recordCitationClick(answer.answerId, { citationId }, {});
    const events = await listAnswerEvents(database().db, answer.answerId);
    expect(events.map((event) => event.kind).sort()).toEqual([
      'citation-clicked',
      'disliked',
      'liked',
      'shown',
    ]);
    expect(events.find((event) => event.kind === 'shown')).toMatchObject({
      search_id: 'search-1',
      user_id: userId,
      search_hub: SUPPORT,
      question_text: 'How do I cancel my subscription?',
    });
    expect(events.find((event) => event.kind === 'disliked')).toMatchObject({
      reason: 'outdated',
      details: 'The menu moved.',
      user_id: null,
    });
    expect(events.find((event) => event.kind === 'citation-clicked')?.citation_id).toBe(citationId);
  });

  it('refuses feedback on an unknown answer and clicks on a citation the answer lacks', async () => {
    await expect(
      service.recordFeedback('a0Anotananswer0001', { helpful: true }, {}),
    ).rejects.toThrow(AnswerNotFoundError);
    const answer = await service.answer(
      { searchHub: SUPPORT, q: 'How do I cancel my subscription?' },
      {},
    );
    await expect(
      service.recordCitationClick(answer.answerId, { citationId: 'ka0other' }, {}),
    ).rejects.toThrow(AnswerRequestError);
  });

  it('answers afresh once the content changed, and retires the old answer', async () => {
    const q = 'How do I change my subscription plan?';
    const before = await service.answer({ searchHub: SUPPORT, q }, {});
    const documentId = before.citations[0]?.id ?? '';
    const document = await findSearchDocument(database().db, documentId);
    if (document === undefined) throw new Error('The cited document is missing');
    await saveSearchDocument(database().db, {
      ...document,
      updated_at: new Date().toISOString(),
    });
    const after = await service.answer({ searchHub: SUPPORT, q }, {});
    expect(after.cached).toBe(false);
    expect(after.answerId).not.toBe(before.answerId);
    await expect(service.hubOf(before.answerId)).rejects.toThrow(AnswerNotFoundError);
    expect(await service.hubOf(after.answerId)).toBe(SUPPORT);
  });

  it('answers from passage sources plugged in beside the defaults', async () => {
    const id = '0D5acceptedanswer1';
    await saveSearchDocument(database().db, {
      unique_id: id,
      origin: 'answers-test',
      title: 'Why is my pelican ledger colour-blind?',
      excerpt: '',
      body_text: '',
      click_uri: `/s/question/${id}`,
      objecttype: 'FeedItem',
      objecttypelabel: 'Discussion',
      common_contenttype: 'Discussion',
      syssource: 'Community',
      source: 'Community',
      collection: 'default',
      documenttype: 'FeedItem',
      language: 'en',
      permanentid: id,
      sfcoreproductc: '[]',
      sfaudiencec: '[]',
      topic_ids: '[]',
      updated_at: new Date().toISOString(),
    });
    const accepted: PassageSource = {
      name: 'accepted community answers',
      async load(db) {
        const document = await findSearchDocument(db, id);
        return document
          ? [
              {
                document,
                name: id,
                heading: null,
                text: 'The pelican ledger shows colours from the theme settings.\nSwitch the pelican ledger theme to high contrast to fix it.',
              },
            ]
          : [];
      },
    };
    const withCommunity = createAnswersService({
      database: database(),
      site: config,
      passageSources: [...DEFAULT_PASSAGE_SOURCES, accepted],
    });
    const answer = await withCommunity.answer(
      { searchHub: SUPPORT, q: 'How do I fix pelican ledger colours?' },
      {},
    );
    expect(answer.declined).toBe(false);
    expect(answer.citations[0]).toMatchObject({ id, clickUri: `/s/question/${id}` });
  });
});

describe('answerEvents', () => {
  it('separates sentences with a space inside the deltas', () => {
    const events = answerEvents({
      answerId: 'a',
      cached: true,
      declined: false,
      provider: 'llm',
      searchHub: SUPPORT,
      sentences: ['One [1].', 'Two [1].'],
      citations: [],
    });
    expect(events).toEqual([
      { event: 'answer', data: { answerId: 'a', cached: true } },
      { event: 'citations', data: { citations: [] } },
      { event: 'delta', data: { text: 'One [1].' } },
      { event: 'delta', data: { text: ' Two [1].' } },
      { event: 'end', data: { declined: false, provider: 'llm' } },
    ]);
  });
});
