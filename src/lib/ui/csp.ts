/**
 * The site's Content-Security-Policy, sent as a `<meta>` tag by the base layout. Scripts come only from
 * the site's own files (no inline script, so no inline event handler from content can run even if one
 * slipped past the sanitizer); styles may be inline because Shiki colours code with `style` attributes
 * (the sanitizer allows only colour declarations there). Images may come from anywhere over http(s), as
 * documents link them. `frame-ancestors` cannot be set from a meta tag; a proxy in front sets it.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: http: data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
