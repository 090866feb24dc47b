import { redirect } from 'react-router';

/** A redirect that sets every given cookie (one Set-Cookie header each) and is never cached. */
export function redirectWithCookies(location: string, cookies: readonly string[]): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return redirect(location, { status: 302, headers });
}
