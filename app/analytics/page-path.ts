/** The path and query of the page the visitor is on, as events and error reports carry it. */
export function currentPagePath(): string {
  return `${window.location.pathname}${window.location.search}`.slice(0, 2000);
}
