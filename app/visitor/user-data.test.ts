import { describe, expect, it } from 'vitest';
import type { SearchUserContext, UserData } from '~core/gateway';
import { GatewayError, type GatewayClient } from '../gateway-client.ts';
import { loadUserData } from './user-data.ts';

const DENIAL = "You do not have access to the Apex class named 'LL_PartnerController'.";

const userData: UserData = {
  UserId: '005000000000000001',
  IsPrimaryContact: 'true',
  IsPrincipalContact: 'false',
  IsPartner: 'true',
  Market: 'AU',
  PartnerProductInterestClient: 'Payroll',
  PartnerProductInterestPractice: null,
};

const context: SearchUserContext = {
  isGuest: false,
  userId: '005000000000000001',
  isPartner: true,
  market: 'AU',
  audiences: ['partners'],
};

type Answers = Partial<Record<string, () => unknown>>;

/** A gateway that answers from a table and records which methods were called. */
function gatewayAnswering(answers: Answers) {
  const called: string[] = [];
  const gateway: GatewayClient = {
    call: async (method) => {
      called.push(method);
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected call ${method}`);
      return answer() as never;
    },
  };
  return { gateway, called };
}

function reports() {
  const reported: Array<{ error: unknown; source: unknown }> = [];
  return {
    reported,
    report: (error: unknown, errorContext: { source?: string }) =>
      reported.push({ error, source: errorContext.source }),
  };
}

const fail = (message: string) => () => {
  throw new GatewayError(message, 'ERROR', 500);
};

describe('loadUserData', () => {
  it('merges getUserData, getCurrentUserContext and the flow screen', async () => {
    const { gateway, called } = gatewayAnswering({
      getUserData: () => userData,
      getCurrentUserContext: () => context,
      getUpdateAccountFlowDetails: () => ({ flowScreen: 'Screen 4' }),
    });
    const { report, reported } = reports();
    expect(await loadUserData(gateway, { prefix: 'LL', report })).toEqual({
      ...context,
      ...userData,
      updateAccountFlowScreen: 'Screen 4',
    });
    expect([...called].sort()).toEqual([
      'getCurrentUserContext',
      'getUpdateAccountFlowDetails',
      'getUserData',
    ]);
    expect(reported).toEqual([]);
  });

  it('does not ask a visitor who is not a partner for the partner flow screen', async () => {
    const { gateway, called } = gatewayAnswering({
      getUserData: () => ({ ...userData, IsPartner: 'false' }),
      getCurrentUserContext: () => ({ ...context, isPartner: false }),
    });
    const { report, reported } = reports();
    const result = await loadUserData(gateway, { prefix: 'LL', report });
    expect(result).toMatchObject({ UserId: userData.UserId, IsPartner: 'false' });
    expect(result).not.toHaveProperty('updateAccountFlowScreen');
    expect([...called].sort()).toEqual(['getCurrentUserContext', 'getUserData']);
    expect(reported).toEqual([]);
  });

  it('keeps a flow that has not started as a null screen', async () => {
    const { gateway } = gatewayAnswering({
      getUserData: () => userData,
      getCurrentUserContext: () => context,
      getUpdateAccountFlowDetails: () => ({ flowScreen: null }),
    });
    const result = await loadUserData(gateway, { prefix: 'LL', report: () => {} });
    expect(result?.updateAccountFlowScreen).toBeNull();
  });

  it('clears the user data and reports a getUserData failure (spec 8)', async () => {
    const { gateway } = gatewayAnswering({
      getUserData: fail('database down'),
      getCurrentUserContext: () => context,
      getUpdateAccountFlowDetails: () => ({ flowScreen: null }),
    });
    const { report, reported } = reports();
    expect(await loadUserData(gateway, { prefix: 'LL', report })).toBeNull();
    expect(reported).toHaveLength(1);
    expect(reported[0]?.source).toBe('UserDataUtility.getUserData');
    expect((reported[0]?.error as Error).message).toBe('database down');
  });

  it('clears the user data when the user context fails', async () => {
    const { gateway } = gatewayAnswering({
      getUserData: () => userData,
      getCurrentUserContext: fail('no context'),
      getUpdateAccountFlowDetails: () => ({ flowScreen: null }),
    });
    const { report, reported } = reports();
    expect(await loadUserData(gateway, { prefix: 'LL', report })).toBeNull();
    expect(reported).toHaveLength(1);
  });

  it('ignores the partner access denial: cleared, never reported (spec 8)', async () => {
    const { gateway } = gatewayAnswering({
      getUserData: fail(DENIAL),
      getCurrentUserContext: () => context,
      getUpdateAccountFlowDetails: fail(DENIAL),
    });
    const { report, reported } = reports();
    expect(await loadUserData(gateway, { prefix: 'LL', report })).toBeNull();
    expect(reported).toEqual([]);
  });

  it('keeps the user data without the flow screen when only the partner class is denied', async () => {
    const { gateway } = gatewayAnswering({
      getUserData: () => userData,
      getCurrentUserContext: () => context,
      getUpdateAccountFlowDetails: fail(DENIAL),
    });
    const { report, reported } = reports();
    const result = await loadUserData(gateway, { prefix: 'LL', report });
    expect(result).toEqual({ ...context, ...userData });
    expect(result).not.toHaveProperty('updateAccountFlowScreen');
    expect(reported).toEqual([]);
  });

  it('reports another flow-details failure but keeps the user data', async () => {
    const { gateway } = gatewayAnswering({
      getUserData: () => userData,
      getCurrentUserContext: () => context,
      getUpdateAccountFlowDetails: fail('timeout'),
    });
    const { report, reported } = reports();
    expect(await loadUserData(gateway, { prefix: 'LL', report })).toEqual({
      ...context,
      ...userData,
    });
    expect(reported.map((entry) => entry.source)).toEqual([
      'PartnerController.getUpdateAccountFlowDetails',
    ]);
  });

  it("reports the denial of another prefix's partner class", async () => {
    const { gateway } = gatewayAnswering({
      getUserData: fail(DENIAL),
      getCurrentUserContext: () => context,
      getUpdateAccountFlowDetails: () => ({ flowScreen: null }),
    });
    const { report, reported } = reports();
    await loadUserData(gateway, { prefix: 'XY', report });
    expect(reported).toHaveLength(1);
  });
});
