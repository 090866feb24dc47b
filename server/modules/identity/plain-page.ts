import { escapeHtml } from '~core/content';

/**
 * A small standalone HTML page for what answers outside the React app (the built-in sign-in
 * service, the outage page): readable, accessible and styled inline (the CSP allows inline
 * styles). It names the site's icon as every page does: without it a browser asks for
 * /favicon.ico, which the portal does not have (a 404 in its console).
 */
export function plainPage(page: { title: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="en-US" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #1d2330; background: #f4f6f9; }
  body { margin: 0; padding: 2rem 1rem; }
  main { max-width: 34rem; margin: 0 auto; background: #fff; border: 1px solid #d5dae3; border-radius: 8px; padding: 1.5rem; }
  h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
  p { line-height: 1.5; }
  ul { list-style: none; margin: 1.5rem 0 0; padding: 0; display: grid; gap: 0.75rem; }
  li { border: 1px solid #d5dae3; border-radius: 6px; padding: 0.75rem; }
  button { font: inherit; font-weight: 600; padding: 0.6rem 1rem; border-radius: 6px; border: 2px solid #0b5cad; background: #0b5cad; color: #fff; cursor: pointer; }
  button:hover { background: #084786; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f2a900; outline-offset: 2px; }
  button.secondary { background: #fff; color: #0b5cad; }
  li p { margin: 0.4rem 0 0; color: #4a5365; font-size: 0.95rem; }
  a { color: #0b5cad; }
  .note { color: #4a5365; font-size: 0.95rem; }
</style>
</head>
<body>
<main>
${page.body}
</main>
</body>
</html>`;
}
