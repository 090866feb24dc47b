import { describe, expect, it } from 'vitest';
import { REMOTE_METHOD_NAMES, REMOTE_METHODS, remoteClassName } from '~core/gateway';
import { GUEST, type PortalUser, type Viewer } from '~server/modules/identity';
import { isMethodOf, mayCall, serverClasses } from './remote-classes.ts';

function signedIn(fields: Partial<PortalUser>): Viewer {
  return {
    isGuest: false,
    sessionId: 'session',
    user: {
      id: '005000000000000001',
      issuer: 'https://id.example',
      subject: 'someone',
      email: null,
      firstName: 'Some',
      lastName: 'One',
      isPartner: false,
      isPrimaryContact: false,
      isPrincipalContact: false,
      market: null,
      partnerProductInterestClient: null,
      partnerProductInterestPractice: null,
      canViewSetup: false,
      isAgent: false,
      organisationId: null,
      ...fields,
    },
  };
}

describe('server classes', () => {
  const classes = serverClasses('LL');

  it('implement every method of the shared table under its prefixed class', () => {
    for (const method of REMOTE_METHOD_NAMES) {
      const name = remoteClassName('LL', REMOTE_METHODS[method].remoteClass);
      const serverClass = classes.get(name);
      expect(serverClass, name).toBeDefined();
      expect(serverClass && isMethodOf(serverClass, method)).toBe(true);
    }
    const implemented = [...classes.values()].flatMap((serverClass) => [
      ...serverClass.methods.keys(),
    ]);
    expect(implemented.sort()).toEqual([...REMOTE_METHOD_NAMES].sort());
  });

  it('know no method of another class, and nothing inherited', () => {
    const tracking = classes.get('LL_Tracking');
    if (!tracking) throw new Error('no tracking class');
    expect(isMethodOf(tracking, 'getAudience')).toBe(false);
    expect(isMethodOf(tracking, 'constructor')).toBe(false);
    expect(isMethodOf(tracking, '__proto__')).toBe(false);
  });

  it('are open to anyone, to signed-in users, or to partners only', () => {
    const access = Object.fromEntries(
      [...classes.values()].map((serverClass) => [serverClass.name, serverClass.access]),
    );
    expect(access).toEqual({
      LL_HeadlessSearchController: 'anyone',
      LL_UserDataUtility: 'signed-in',
      LL_Tracking: 'anyone',
      LL_PartnerController: 'partner',
      LL_AudienceProvider: 'anyone',
      LL_CustomerTaskController: 'partner',
    });
  });
});

describe('who may call', () => {
  const customer = signedIn({});
  const admin = signedIn({ canViewSetup: true });
  const partner = signedIn({ isPartner: true });

  it.each([
    ['anyone', [true, true, true, true]],
    ['signed-in', [false, true, true, true]],
    ['partner', [false, false, false, true]],
  ] as const)('%s: guest, customer, admin, partner', (access, expected) => {
    expect([GUEST, customer, admin, partner].map((viewer) => mayCall(access, viewer))).toEqual(
      expected,
    );
  });
});
