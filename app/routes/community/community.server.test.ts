import type { ActionFunctionArgs, AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BANNED_WORDS_MESSAGE } from '~core/community';
import { systemClock } from '~server/clock.ts';
import { CommunityError } from '~server/modules/community';
import type { PortalUser } from '~server/modules/identity';
import { isAdmin, loadOrRespond, requestPath, runCommunityAction } from './community.server.ts';

const PAGE = 'http://portal.test/s/question/0D5000000000000001';

const MEMBER: PortalUser = {
  id: '005000000000000001',
  issuer: 'https://id.test',
  subject: 'member',
  email: null,
  firstName: 'Priya',
  lastName: 'Raman',
  isPartner: false,
  isPrimaryContact: false,
  isPrincipalContact: false,
  market: null,
  partnerProductInterestClient: null,
  partnerProductInterestPractice: null,
  canViewSetup: false,
  isAgent: false,
  organisationId: null,
};

function contextFor(options: { guest?: boolean; csrf?: boolean; admin?: boolean } = {}) {
  return {
    config: { ssoProvider: 'portal', siteUrl: 'http://portal.test' },
    viewer: options.guest
      ? { isGuest: true, user: null, sessionId: null }
      : {
          isGuest: false,
          user: { ...MEMBER, canViewSetup: options.admin ?? false },
          sessionId: 's',
        },
    verifyCsrf: () => options.csrf ?? true,
    clock: systemClock,
  } as unknown as AppLoadContext;
}

function post(fields: Record<string, string>, url = PAGE): Request {
  return new Request(url, { method: 'POST', body: new URLSearchParams(fields) });
}

function args(request: Request, context: AppLoadContext): ActionFunctionArgs {
  return { request, context, params: {} } as unknown as ActionFunctionArgs;
}

const ANSWER = {
  _csrf: 't',
  intent: 'answer',
  formId: 'answer',
  idempotencyKey: 'key-12345',
  body: 'My answer',
};

describe('runCommunityAction', () => {
  it('refuses a form without a valid CSRF token, keeping the text', async () => {
    const result = await runCommunityAction(args(post(ANSWER), contextFor({ csrf: false })), {
      answer: () => Promise.reject(new Error('must not run')),
    });
    expect(result).toMatchObject({
      init: { status: 403 },
      data: { rejected: { formId: 'answer', values: { body: 'My answer' } } },
    });
  });

  it('sends a guest to sign in and back to the same page', async () => {
    const result = await runCommunityAction(
      args(post(ANSWER, `${PAGE}?language=en_US`), contextFor({ guest: true })),
      { answer: () => Promise.reject(new Error('must not run')) },
    );
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(
      `/services/auth/sso/portal?startURL=${encodeURIComponent('/s/question/0D5000000000000001?language=en_US')}`,
    );
  });

  it('hands the intent its fields and the idempotency key', async () => {
    let seen: unknown;
    await runCommunityAction(args(post({ ...ANSWER, topicIds: 'a' }), contextFor()), {
      answer: async (form) => {
        seen = { body: form.text('body'), key: form.idempotencyKey, missing: form.text('nope') };
        return new Response(null, { status: 204 });
      },
    });
    expect(seen).toEqual({ body: 'My answer', key: 'key-12345', missing: '' });
  });

  it("shows a banned-words refusal next to its field with what was typed, never the machinery's fields", async () => {
    const result = await runCommunityAction(args(post(ANSWER), contextFor()), {
      answer: () =>
        Promise.reject(new CommunityError('BANNED_WORDS', BANNED_WORDS_MESSAGE, 'body')),
    });
    expect(result).toMatchObject({
      init: { status: 400 },
      data: {
        rejected: {
          formId: 'answer',
          message: BANNED_WORDS_MESSAGE,
          field: 'body',
          values: { body: 'My answer' },
        },
      },
    });
    const values = (result as { data: { rejected: { values: object } } }).data.rejected.values;
    expect(Object.keys(values)).toEqual(['body']);
  });

  it('keeps every value of a repeated field', async () => {
    const body = new URLSearchParams({ ...ANSWER, intent: 'start', formId: 'start' });
    body.append('topicIds', 'one');
    body.append('topicIds', 'two');
    const request = new Request(PAGE, { method: 'POST', body });
    const result = await runCommunityAction(args(request, contextFor()), {
      start: () =>
        Promise.reject(new CommunityError('INVALID_INPUT', 'Choose at most 5 topics.', 'topicIds')),
    });
    expect(result).toMatchObject({ data: { rejected: { values: { topicIds: ['one', 'two'] } } } });
  });

  it('answers a missing record with the 404 page', async () => {
    await expect(
      runCommunityAction(args(post(ANSWER), contextFor()), {
        answer: () => Promise.reject(new CommunityError('NOT_FOUND', 'Not found')),
      }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it('refuses an unknown intent with a 400', async () => {
    const result = await runCommunityAction(
      args(post({ ...ANSWER, intent: 'toString' }), contextFor()),
      {
        answer: () => Promise.reject(new Error('must not run')),
      },
    );
    expect(result).toMatchObject({ init: { status: 400 } });
  });

  it('lets other failures through to the error boundary', async () => {
    await expect(
      runCommunityAction(args(post(ANSWER), contextFor()), {
        answer: () => Promise.reject(new Error('database down')),
      }),
    ).rejects.toThrow('database down');
  });
});

describe('loadOrRespond', () => {
  const request = new Request('http://portal.test/s/my-discussions');

  it('sends a guest the service asks to sign in to the sign-in start, back to the page', async () => {
    await expect(
      loadOrRespond(contextFor({ guest: true }), request, () =>
        Promise.reject(new CommunityError('SIGN_IN_REQUIRED', 'Sign in')),
      ),
    ).rejects.toSatisfy(
      (response: Response) =>
        response.status === 303 &&
        response.headers.get('Location') ===
          `/services/auth/sso/portal?startURL=${encodeURIComponent('/s/my-discussions')}`,
    );
  });

  it('hides a forbidden page behind a 404', async () => {
    await expect(
      loadOrRespond(contextFor(), request, () =>
        Promise.reject(new CommunityError('FORBIDDEN', 'Admins only')),
      ),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });

  it('passes the result through', async () => {
    expect(await loadOrRespond(contextFor(), request, () => Promise.resolve(7))).toBe(7);
  });
});

describe('requestPath', () => {
  it("drops React Router's own parameters and data suffix", () => {
    expect(requestPath(new Request('http://portal.test/s/feed.data?page=2&_routes=x&index'))).toBe(
      '/s/feed?page=2',
    );
  });
});

describe('isAdmin (section 6: the setup-viewing permission)', () => {
  it('is true only for a signed-in user with canViewSetup', () => {
    expect(isAdmin(contextFor({ admin: true }))).toBe(true);
    expect(isAdmin(contextFor())).toBe(false);
    expect(isAdmin(contextFor({ guest: true }))).toBe(false);
  });
});
