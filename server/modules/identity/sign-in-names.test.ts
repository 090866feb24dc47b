import type { IDToken } from 'openid-client';
import { describe, expect, it } from 'vitest';
import { namesFrom } from './sign-in-flow.ts';

const token = (claims: Record<string, unknown>) =>
  ({ iss: 'https://idp.example', sub: 's', aud: 'a', iat: 0, exp: 0, ...claims }) as IDToken;

describe('names from the provider’s claims', () => {
  it('takes given and family names without invisible or bidi control characters', () => {
    expect(
      namesFrom(token({ given_name: '\u202ESam\u200B', family_name: ' Tay\u2066lor ' })),
    ).toEqual({ firstName: 'Sam', lastName: 'Taylor' });
  });

  it('splits the full name when there are no given and family names', () => {
    expect(namesFrom(token({ name: 'Mia \u200FChen' }))).toEqual({
      firstName: 'Mia',
      lastName: 'Chen',
    });
  });

  it('falls back to the username, then the e-mail’s local part', () => {
    expect(namesFrom(token({ preferred_username: '\uFEFFpriya' }))).toEqual({
      firstName: 'priya',
      lastName: '',
    });
    expect(namesFrom(token({ email: 'alex@example.com' }))).toEqual({
      firstName: 'alex',
      lastName: '',
    });
  });
});
