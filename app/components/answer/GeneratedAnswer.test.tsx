import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../search/search-cards.fixture.ts';
import type { AnswerClient } from './answer-client.ts';
import { IDLE_ANSWER, type AnswerCitation, type AnswerState } from './answer-stream.ts';
import { GENERATED_DISCLOSURE, GeneratedAnswer } from './GeneratedAnswer.tsx';

const CLIENT: AnswerClient = {
  searchHub: 'H',
  stream: () => Promise.resolve(),
  sendFeedback: () => Promise.resolve(),
  logCitationClick: () => {},
};

const ARTICLE: AnswerCitation = {
  id: 'doc-1',
  number: 1,
  title: 'Reconcile a bank account',
  clickUri: 'https://search.example.com/doc-1',
  text: 'Match each line.',
  fields: { sfkbid: 'kb1', sfurlname: 'reconcile-a-bank-account', common_contenttype: 'Article' },
};
const GLOSSARY: AnswerCitation = {
  id: 'doc-2',
  number: 2,
  title: 'Bank feed',
  clickUri: 'https://help.example.com/glossary/bank-feed',
  text: '',
};

const render = (state: Partial<AnswerState>) =>
  renderToStaticMarkup(
    <GeneratedAnswer
      state={{ ...IDLE_ANSWER, question: 'q', ...state }}
      client={CLIENT}
      settings={SETTINGS}
    />,
  );

describe('GeneratedAnswer (spec 1, 2.6)', () => {
  it('shows nothing while idle or after a failure', () => {
    expect(render({ phase: 'idle' })).toBe('');
    expect(render({ phase: 'failed', text: 'Half an ans' })).toBe('');
  });

  it('shows the generatedAnswer skeleton, the disclosure and an empty live region while loading', () => {
    const html = render({ phase: 'loading' });
    expect(html).toContain('data-skeleton="generatedAnswer"');
    expect(html).toContain('Generating an answer…');
    expect(html).toContain(GENERATED_DISCLOSURE);
    expect(html).toContain(
      '<span aria-live="polite" aria-atomic="false" aria-relevant="additions"></span>',
    );
    expect(html).toMatch(/<h2 id="[^"]+" class="[^"]+"><svg[^]*<\/svg>Generated answer<\/h2>/);
    expect(html).toMatch(/aria-expanded="true" aria-controls="[^"]+">Hide answer<\/button>/);
  });

  it('puts only whole sentences in the live region while the rest streams outside it', () => {
    const html = render({
      phase: 'streaming',
      citations: [ARTICLE],
      text: 'Open the account [1]. Match each line [',
    });
    const live =
      /<span aria-live="polite"[^>]*>(.*?)<\/span><span><span>Match each line <\/span><\/span><\/p>/.exec(
        html,
      );
    expect(live?.[1]).toContain('Open the account ');
    expect(live?.[1]).not.toContain('Match each line');
    expect(html).not.toContain('data-skeleton');
    expect(html).not.toContain('Was this helpful?');
  });

  it('links numbered citations to the rewritten public URLs of spec 2.6, and lists the sources', () => {
    const html = render({
      phase: 'done',
      answerId: 'a1',
      citations: [ARTICLE, GLOSSARY],
      text: 'Open the account [1]. A bank feed imports lines [2].',
    });
    expect(html).toContain('<a href="/s/article/reconcile-a-bank-account" class="');
    expect(html).toMatch(
      /<sup class="[^"]+"><span class="[^"]+"><a href="\/s\/article\/reconcile-a-bank-account" class="[^"]+" aria-label="Source 1: Reconcile a bank account">1<\/a><\/span><\/sup>/,
    );
    expect(html).toMatch(
      /<li value="2" class="[^"]+"><span class="[^"]+"><a href="https:\/\/help.example.com\/glossary\/bank-feed" class="[^"]+">Bank feed<\/a><\/span><\/li>/,
    );
    expect(html).toMatch(
      /<li value="1"[^]*Reconcile a bank account<\/a><\/span><span class="[^"]+">Help article<\/span><\/li>/,
    );
    expect(html).toContain('<h3 class="');
    expect(html).toContain('>Sources</h3>');
  });

  it('opens the sources in a new tab inside a form, and says so on the markers and the list', () => {
    const html = renderToStaticMarkup(
      <GeneratedAnswer
        state={{
          ...IDLE_ANSWER,
          question: 'q',
          phase: 'done',
          answerId: 'a1',
          citations: [ARTICLE],
          text: 'Open the account [1].',
        }}
        client={CLIENT}
        settings={SETTINGS}
        sourcesInNewTab
      />,
    );
    expect(html).toMatch(
      /<a href="\/s\/article\/reconcile-a-bank-account" class="[^"]+" aria-label="Source 1: Reconcile a bank account \(opens in a new tab\)" target="_blank" rel="noopener noreferrer">1<\/a>/,
    );
    expect(html).toMatch(
      /target="_blank" rel="noopener noreferrer">Reconcile a bank account<svg [^>]*aria-hidden="true"[^]*<span class="visually-hidden"> \(opens in a new tab\)<\/span><\/a>/,
    );
    expect(render({ phase: 'done', citations: [ARTICLE], text: 'x [1].' })).not.toContain(
      'target="_blank"',
    );
  });

  it('asks whether the answer helped and offers copy once it is whole', () => {
    const html = render({
      phase: 'done',
      answerId: 'a1',
      citations: [ARTICLE],
      text: 'Open the account [1].',
    });
    expect(html).toContain('Was this helpful?');
    expect(html).toMatch(/aria-pressed="false"[^>]*><svg[^]*?<\/svg>Yes<\/button>/);
    expect(html).toMatch(
      /aria-pressed="false" aria-expanded="false"[^>]*><svg[^]*?<\/svg>No<\/button>/,
    );
    expect(html).toContain('>Copy answer</button>');
  });

  it('shows a declined answer as plain muted text, without sources, feedback or copy', () => {
    const html = render({
      phase: 'done',
      answerId: 'a1',
      declined: true,
      text: 'I couldn’t find an answer to that in the help content.',
    });
    expect(html).toContain('I couldn’t find an answer to that in the help content.');
    expect(html).not.toContain('Sources');
    expect(html).not.toContain('Was this helpful?');
    expect(html).not.toContain('Copy answer');
  });

  it('writes answer text as text, never as HTML', () => {
    const html = render({ phase: 'done', answerId: 'a1', text: '<img src=x onerror=alert(1)>' });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
