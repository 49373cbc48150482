/**
 * The explorer's one HTML page (every /explorer path answers it; the browser code routes by path)
 * and its Content-Security-Policy: everything from this origin (scripts, styles, the API and the
 * WebSocket), nothing else — the page works offline.
 */
import type { Manifest } from './build.js';

export const ASSET_PREFIX = '/explorer/assets/';

/**
 * `connect-src 'self'` covers ws:/wss: to the same host and port (CSP Level 3). Inline styles are
 * not allowed: uPlot sizes its elements through the CSSOM, which the policy does not restrict.
 */
export const EXPLORER_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "connect-src 'self'",
  "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'",
].join('; ');

export function pageHtml(m: Manifest): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Sibyl explorer</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${ASSET_PREFIX}${m.css}">
<script type="module" src="${ASSET_PREFIX}${m.js}"></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="top"><nav aria-label="Explorer"><a href="/explorer" data-link class="brand">Sibyl explorer</a></nav></header>
<main id="main" tabindex="-1"><p class="muted">Loading…</p></main>
<noscript><p>The explorer needs JavaScript.</p></noscript>
</body>
</html>
`;
}
