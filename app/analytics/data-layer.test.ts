import { describe, expect, it } from 'vitest';
import { NO_CONSENT, parseConsentCookie } from '~core/analytics';
import { dataLayer, pushToDataLayer } from './data-layer.ts';

describe('the data layer', () => {
  it('is created on first use and kept', () => {
    const page = {} as Window;
    const layer = dataLayer(page);
    expect(layer).toEqual([]);
    expect(dataLayer(page)).toBe(layer);
  });

  it('keeps entries a tag manager pushed before', () => {
    const page = { dataLayer: [{ 'gtm.start': 1 }] } as unknown as Window;
    pushToDataLayer({ event: 'pageView' }, parseConsentCookie('{"statistics":true}'), page);
    expect(page.dataLayer).toEqual([{ 'gtm.start': 1 }, { event: 'pageView' }]);
  });

  it('receives nothing without statistics consent', () => {
    const page = {} as Window;
    expect(pushToDataLayer({ event: 'pageView' }, NO_CONSENT, page)).toBe(false);
    expect(
      pushToDataLayer({ event: 'pageView' }, parseConsentCookie('{"marketing":true}'), page),
    ).toBe(false);
    expect(page.dataLayer ?? []).toEqual([]);
  });
});
