import { secureHeaders } from 'hono/secure-headers';

const TAG_MANAGER_SCRIPTS = ['https://www.googletagmanager.com'];
const TAG_MANAGER_CONNECT = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * Security headers for every response: a CSP without inline scripts, no framing, no sniffing.
 * Google Tag Manager's origins are allowed only when a GTM_ID is configured.
 */
export function securityHeaders(options: { tagManager: boolean }) {
  const gtm = (origins: string[]) => (options.tagManager ? origins : []);
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...gtm(TAG_MANAGER_SCRIPTS)],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...gtm(TAG_MANAGER_CONNECT)],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
  });
}
