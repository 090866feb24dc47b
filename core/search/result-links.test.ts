import { describe, expect, it } from 'vitest';
import {
  appListingUrl,
  learningActivityUrl,
  resultLink,
  rewriteResultLink,
  withUrlParameters,
  type ResultLinkSettings,
} from './result-links.ts';
import { createRouteContract } from '../routes/index.ts';
import type { SearchResultRaw } from './result.ts';

const ID = 'a0B5g00000XyZ12AbC';
const settings: ResultLinkSettings = {
  learningBaseUrl: 'https://learn.example.com/',
  appsHost: 'https://apps.example.com',
  contract: createRouteContract({ product: 'Ledgerleaf', siteUrl: 'https://help.example.com' }),
};
const CLICK_URI = 'https://index.example.com/original';

function link(raw: SearchResultRaw | undefined) {
  return rewriteResultLink({ clickUri: CLICK_URI, raw }, settings);
}

describe('result link rules (spec 2.6), checked in order', () => {
  it('1. a learning activity id links to {learning_base}/student/activity/{id}', () => {
    expect(link({ sfintellumapp__id__c: 'act-42' })).toEqual({
      link: 'https://learn.example.com/student/activity/act-42',
      rule: 'learning',
    });
  });

  it('2. a Guide__c with sfguidecid links to the guide path', () => {
    expect(link({ objecttype: 'Guide__c', sfguidecid: ID })).toEqual({
      link: `/0/guide/${ID}`,
      rule: 'guide',
    });
  });

  it('2. needs the Guide__c object type: sfguidecid alone is not a guide', () => {
    expect(link({ objecttype: 'Knowledge__kav', sfguidecid: ID }).rule).toBe('clickUri');
  });

  it('3. sfkbid links to the article path built from sfurlname', () => {
    expect(link({ sfkbid: 'kb1', sfurlname: 'reconcile-a-bank-account' })).toEqual({
      link: '/s/article/reconcile-a-bank-account',
      rule: 'article',
    });
  });

  it('4. sffeeditemid links to the discussion path', () => {
    expect(link({ sffeeditemid: ID })).toEqual({ link: `/s/question/${ID}`, rule: 'discussion' });
  });

  it('5. sftopicid links to the topic path', () => {
    expect(link({ sftopicid: ID })).toEqual({ link: `/s/topic/${ID}`, rule: 'topic' });
  });

  it('6. a listed app links to {apps_host}/app/{mpslug}', () => {
    expect(
      link({ syssource: 'Apps', mphaslisting: 'true', mpslug: 'stock-pro', mplandingpageurl: 'x' }),
    ).toEqual({ link: 'https://apps.example.com/app/stock-pro', rule: 'app' });
  });

  it('6. an app without a listing links to its landing page', () => {
    expect(
      link({
        syssource: 'Apps',
        mphaslisting: 'false',
        mpslug: 's',
        mplandingpageurl: 'https://stock.example/',
      }),
    ).toEqual({ link: 'https://stock.example/', rule: 'app' });
  });

  it('7. anything else keeps its clickUri', () => {
    expect(link({ objecttype: 'Other' })).toEqual({ link: CLICK_URI, rule: 'clickUri' });
    expect(link({ syssource: 'Web', mpslug: 's', mphaslisting: 'true' }).rule).toBe('clickUri');
  });

  it('7. a result without raw data keeps its clickUri', () => {
    expect(link(undefined)).toEqual({ link: CLICK_URI, rule: 'clickUri' });
    expect(resultLink({ clickUri: CLICK_URI }, settings)).toBe(CLICK_URI);
  });

  it('takes the first rule that matches when several do', () => {
    const everything: SearchResultRaw = {
      sfintellumapp__id__c: 'act',
      objecttype: 'Guide__c',
      sfguidecid: ID,
      sfkbid: 'kb',
      sfurlname: 'name',
      sffeeditemid: ID,
      sftopicid: ID,
      syssource: 'Apps',
      mphaslisting: 'true',
      mpslug: 'slug',
    };
    expect(link(everything).rule).toBe('learning');
    expect(link({ ...everything, sfintellumapp__id__c: undefined }).rule).toBe('guide');
    expect(link({ ...everything, sfintellumapp__id__c: undefined, objecttype: 'X' }).rule).toBe(
      'article',
    );
    expect(
      link({ sffeeditemid: ID, sftopicid: ID, syssource: 'Apps', mplandingpageurl: 'u' }).rule,
    ).toBe('discussion');
    expect(link({ sftopicid: ID, syssource: 'Apps', mplandingpageurl: 'u' }).rule).toBe('topic');
  });

  it('treats blank fields as missing', () => {
    expect(link({ sfintellumapp__id__c: '  ', sffeeditemid: '' }).rule).toBe('clickUri');
  });

  it('passes to the next rule when a matched rule lacks what its link needs', () => {
    expect(link({ sfkbid: 'kb', sftopicid: ID })).toEqual({
      link: `/s/topic/${ID}`,
      rule: 'topic',
    });
    expect(link({ syssource: 'Apps', mphaslisting: 'true' }).rule).toBe('clickUri');
    expect(link({ syssource: 'Apps', mphaslisting: 'false' }).rule).toBe('clickUri');
  });

  it('encodes ids and names into the paths it builds', () => {
    expect(link({ sfintellumapp__id__c: 'a/b c' }).link).toBe(
      'https://learn.example.com/student/activity/a%2Fb%20c',
    );
    expect(link({ sfkbid: 'kb', sfurlname: 'a b' }).link).toBe('/s/article/a%20b');
  });
});

describe('learningActivityUrl and appListingUrl', () => {
  it('join the base and the id with exactly one slash', () => {
    expect(learningActivityUrl('https://l.example//', '7')).toBe(
      'https://l.example/student/activity/7',
    );
    expect(appListingUrl('https://a.example/', 'x')).toBe('https://a.example/app/x');
  });
});

describe('withUrlParameters (spec 2.6: if merging fails, the original link is used)', () => {
  it('adds parameters to an absolute link, replacing one already there', () => {
    expect(withUrlParameters('https://x.example/p?a=1&b=2#top', { b: 3, c: 'd e' })).toBe(
      'https://x.example/p?a=1&b=3&c=d+e#top',
    );
  });

  it('keeps a relative link relative, with its path as written', () => {
    expect(withUrlParameters('/s/article/x', { q: 'tax' })).toBe('/s/article/x?q=tax');
    expect(withUrlParameters('article/x?y=1#h', new URLSearchParams({ q: '1' }))).toBe(
      'article/x?y=1&q=1#h',
    );
  });

  it('keeps a network-path link without a scheme', () => {
    expect(withUrlParameters('//cdn.example/a', { v: true })).toBe('//cdn.example/a?v=true');
  });

  it('returns the original link when it cannot be parsed', () => {
    expect(withUrlParameters('http://[not-a-host/p', { a: 1 })).toBe('http://[not-a-host/p');
  });

  it('returns the original link when a parameter cannot be turned into text', () => {
    const hostile = {
      toString() {
        throw new Error('no');
      },
    } as unknown as string;
    expect(withUrlParameters('/a?b=1', { x: hostile })).toBe('/a?b=1');
  });

  it('leaves the link alone when there is nothing to merge', () => {
    expect(withUrlParameters('/a', {})).toBe('/a');
  });
});
