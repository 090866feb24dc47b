/**
 * The glossary's pages. The route table has none, so they live in the newer variant (/0),
 * where content-led pages are served: the A–Z index and one page per entry.
 */
export const GLOSSARY_PATH = '/0/glossary';

export function glossaryEntryPath(slug: string): string {
  return `${GLOSSARY_PATH}/${encodeURIComponent(slug)}`;
}
