/**
 * The `headers` of a page a guest reaches through a personal link (an e-mail's signed link to
 * their preferences, an unsubscribe or an invitation): what it shows belongs to the link's
 * holder, so neither the portal's guest page cache nor any other keeps it (decision 021).
 * React Router applies the deepest route's headers; these pages are leaves.
 */
export function headers(): HeadersInit {
  return { 'Cache-Control': 'private, no-store' };
}
