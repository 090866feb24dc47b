import { describe, expect, it } from 'vitest';
import {
  noClassAccessMessage,
  REMOTE_METHOD_CACHE_MS,
  REMOTE_METHOD_NAMES,
  REMOTE_METHODS,
  remoteClassName,
  remoteMethodPath,
  remoteMethodRequest,
} from './remote-methods.ts';
import { REMOTE_METHOD_PARAMS } from './remote-method-params.ts';

describe('remote method table', () => {
  it('names each method under its server class', () => {
    const table = Object.fromEntries(
      REMOTE_METHOD_NAMES.map((method) => [
        method,
        [REMOTE_METHODS[method].remoteClass, REMOTE_METHODS[method].cacheable],
      ]),
    );
    expect(table).toEqual({
      getHeadlessConfiguration: ['HeadlessSearchController', true],
      getCurrentUserContext: ['HeadlessSearchController', true],
      getUserData: ['UserDataUtility', true],
      getTeamValue: ['Tracking', true],
      getOnboardingCTADetail: ['PartnerController', true],
      getUpdateAccountFlowDetails: ['PartnerController', true],
      getAudience: ['AudienceProvider', true],
      executeNBAFlowCurrentUser: ['CustomerTaskController', false],
      recordReactionCurrentUser: ['CustomerTaskController', false],
      removeReactionCurrentUser: ['CustomerTaskController', false],
      celebratePartnerTier: ['CustomerTaskController', true],
      endCelebratePartnerTier: ['CustomerTaskController', false],
    });
  });

  it('caches for 300000 ms', () => {
    expect(REMOTE_METHOD_CACHE_MS).toBe(300000);
  });

  it('prefixes class names', () => {
    expect(remoteClassName('LL', 'PartnerController')).toBe('LL_PartnerController');
    expect(remoteMethodPath('XC', 'getAudience')).toBe(
      '/lwr/apex/v65.0/XC_AudienceProvider/getAudience',
    );
  });

  it('words the denial with the class name', () => {
    expect(noClassAccessMessage('LL_PartnerController')).toBe(
      "You do not have access to the Apex class named 'LL_PartnerController'.",
    );
  });
});

describe('calling a method', () => {
  it('GETs a cacheable method with its params in the methodParams query', () => {
    const request = remoteMethodRequest('LL', 'getTeamValue', { recordId: 'ka0000000000000001' });
    expect(request.method).toBe('GET');
    expect(request.body).toBeUndefined();
    const url = new URL(request.url, 'https://help.example');
    expect(url.pathname).toBe('/lwr/apex/v65.0/LL_Tracking/getTeamValue');
    expect(JSON.parse(url.searchParams.get('methodParams') ?? '')).toEqual({
      recordId: 'ka0000000000000001',
    });
  });

  it('POSTs any other method with its params as the body', () => {
    const request = remoteMethodRequest('LL', 'removeReactionCurrentUser', {
      recommendationId: '0RD000000000000001',
    });
    expect(request).toEqual({
      method: 'POST',
      url: '/lwr/apex/v65.0/LL_CustomerTaskController/removeReactionCurrentUser',
      body: '{"recommendationId":"0RD000000000000001"}',
    });
  });
});

describe('method params', () => {
  function issues(method: keyof typeof REMOTE_METHODS, params: unknown) {
    const result = REMOTE_METHOD_PARAMS[method].safeParse(params);
    return result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  }

  it('accepts each method with valid params', () => {
    expect(issues('getHeadlessConfiguration', { searchHub: 'LL_GlobalSearch' })).toEqual([]);
    expect(issues('getTeamValue', { recordId: 'ka0000000000000001' })).toEqual([]);
    expect(
      issues('executeNBAFlowCurrentUser', { strategyName: 'Partner_Suggested_Steps' }),
    ).toEqual([]);
    expect(
      issues('recordReactionCurrentUser', {
        strategyName: 'Partner_Suggested_Steps',
        rec: { Id: '0RD000000000000001', Name: 'Anything else is ignored' },
        isAccept: false,
      }),
    ).toEqual([]);
    expect(issues('removeReactionCurrentUser', { recommendationId: '0RD000000000000001' })).toEqual(
      [],
    );
    expect(issues('getUserData', {})).toEqual([]);
  });

  it('names the field and the reason when params are wrong', () => {
    expect(issues('getHeadlessConfiguration', {})).toEqual(['searchHub: searchHub must be text']);
    expect(issues('getHeadlessConfiguration', { searchHub: '  ' })).toEqual([
      'searchHub: searchHub must not be empty',
    ]);
    expect(issues('getTeamValue', { recordId: 'short' })).toEqual([
      'recordId: recordId must be 18 characters long',
    ]);
    expect(issues('getTeamValue', { recordId: 'ka0-00000000000001' })).toEqual([
      'recordId: recordId must be letters and digits only',
    ]);
    expect(issues('executeNBAFlowCurrentUser', { strategyName: 'x'.repeat(81) })).toEqual([
      'strategyName: strategyName must be at most 80 characters',
    ]);
    expect(
      issues('recordReactionCurrentUser', {
        strategyName: 'Partner_Suggested_Steps',
        rec: { Id: '0RD000000000000001' },
        isAccept: 'yes',
      }),
    ).toEqual(['isAccept: isAccept must be true or false']);
    expect(
      issues('recordReactionCurrentUser', {
        strategyName: 'Partner_Suggested_Steps',
        rec: 'record',
        isAccept: true,
      }),
    ).toEqual(['rec: rec must be the recommendation record']);
  });
});
