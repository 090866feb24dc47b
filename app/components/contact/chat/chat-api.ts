import { csrfHeaders } from '~app/csrf.ts';

export type ChatCall<T> = { ok: true; data: T } | { ok: false; message: string };

/** A same-origin POST with the visitor's CSRF header; a refusal's message, never a throw. */
export async function postChat<T>(path: string, body: unknown = {}): Promise<ChatCall<T>> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { ...csrfHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const data = (text ? JSON.parse(text) : {}) as T & { message?: string };
    if (response.ok) return { ok: true, data };
    return { ok: false, message: data.message ?? 'That did not go through. Try again.' };
  } catch {
    return {
      ok: false,
      message: 'We could not reach the server. Check your connection and try again.',
    };
  }
}
