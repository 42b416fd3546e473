/**
 * The Content Security Policy for every page of the app: the renderer's meta tag, the
 * desktop app's protocol handler and the browser mode's HTTP header all use this one string.
 * Scripts only from the app itself; `connect-src 'self'` covers the browser mode's WebSocket.
 * Inline styles are allowed because Vite's dev server and chart.js set them.
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');
