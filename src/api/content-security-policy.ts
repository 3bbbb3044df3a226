/**
 * What the croupier's page may load, in the kiosk and in browser mode alike: only its own files — no
 * inline script or style, no eval, no plug-ins, no frames around it, no forms sent anywhere — and it may
 * talk only to its own origin (browser mode's socket; the kiosk uses `window.felt`).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');
