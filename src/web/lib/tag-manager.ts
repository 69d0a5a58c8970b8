import { TAG_MANAGER_ID_PATTERN } from '../../shared/constants';

/**
 * Google Tag Manager and the data layer (spec sections 5, 7 and 8).
 *
 * - The id comes from the server's runtime configuration (`GTM_ID`); the script is injected
 *   only when one is set. An invalid id throws in `validateTagManagerId`; `initTagManager`
 *   reports it (console.error and an `error_occurred` event) and the app carries on.
 * - A `GTM-` id loads the Tag Manager container (gtm.js); a `G-` id loads the Google tag
 *   (gtag/js) configured for that id, without its automatic page view (we send our own).
 * - Every event goes through `track`, which pushes `{ event, ...params }` onto the data layer
 *   (with a `G-` id, the Google tag's `gtag('event', name, params)` form instead).
 *   Only the e-mail domain is ever sent: `track` replaces an `email` parameter by
 *   `email_domain` and reduces any other e-mail address found in a text value to its domain.
 *
 * The functions take the data layer (and the document) as optional parameters so that they
 * can be tested without a browser; by default they use `window.dataLayer` and `document`.
 */

/** The data-layer events of the spec (section 7), plus the help dialog's "submitted". */
export const TAG_EVENTS = [
  'page_view',
  'tab_change',
  'modal_open',
  'modal_close',
  'button_click',
  'search',
  'error_occurred',
  'sign_up',
  'sign_in',
  'session_start',
  'session_end',
  'help_request_submitted',
] as const;
export type TagEvent = (typeof TAG_EVENTS)[number];

export type TagParamValue = string | number | boolean | null | undefined;
export type TagParams = Record<string, TagParamValue>;

/** One entry of the data layer as GTM reads it. */
export type DataLayerEntry = Record<string, unknown>;
export type DataLayer = DataLayerEntry[];

declare global {
  interface Window {
    dataLayer?: DataLayer;
  }
}

export const TAG_MANAGER_SCRIPT_URL = 'https://www.googletagmanager.com/gtm.js';
export const GOOGLE_TAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/** Data layers served by a Google tag (G- id), which reads `gtag(...)` argument lists. */
const googleTagLayers = new WeakSet<DataLayer>();

/** `gtag(...)`: the Google tag reads only real `arguments` objects from the data layer. */
function gtagArguments(...args: unknown[]): IArguments {
  const collect = function (..._values: unknown[]): IArguments {
    // eslint-disable-next-line prefer-rest-params
    return arguments;
  };
  return collect(...args);
}

function pushGtag(dataLayer: DataLayer, ...args: unknown[]): void {
  dataLayer.push(gtagArguments(...args) as unknown as DataLayerEntry);
}

/** Throws unless `id` is GTM- or G- followed by uppercase letters or digits (spec section 5). */
export function validateTagManagerId(id: string): string {
  if (!TAG_MANAGER_ID_PATTERN.test(id)) {
    throw new Error(
      `Invalid tag manager id "${id}": expected GTM- or G- followed by uppercase letters or digits`,
    );
  }
  return id;
}

/** The browser's data layer, created on first use; an empty throwaway array outside a browser. */
export function defaultDataLayer(): DataLayer {
  if (typeof window === 'undefined') return [];
  window.dataLayer ??= [];
  return window.dataLayer;
}

/** The domain of an e-mail address ("ada@example.com" -> "example.com"), lower-cased; null if none. */
export function emailDomain(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  return domain && !/[\s@]/.test(domain) ? domain : null;
}

const EMAIL_IN_TEXT = /[^\s@<>()[\]"',;:]+@([^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+)/g;

/** Replaces every e-mail address in a text by its domain. */
function redactEmails(text: string): string {
  return text.replace(EMAIL_IN_TEXT, (_match, domain: string) => domain.toLowerCase());
}

/**
 * The parameters as they may leave the browser: `email` becomes `email_domain`, e-mail
 * addresses inside texts become their domain, undefined values are dropped, and `event`
 * cannot be overridden.
 */
export function sanitizeParams(
  params: TagParams = {},
): Record<string, string | number | boolean | null> {
  const clean: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || key === 'event') continue;
    if (key.toLowerCase() === 'email') {
      clean.email_domain = typeof value === 'string' ? emailDomain(value) : null;
      continue;
    }
    clean[key] = typeof value === 'string' ? redactEmails(value) : value;
  }
  return clean;
}

/** Pushes one event onto the data layer. Never throws: analytics must not break the app. */
export function track(
  event: TagEvent,
  params: TagParams = {},
  dataLayer: DataLayer = defaultDataLayer(),
): void {
  try {
    const clean = sanitizeParams(params);
    if (googleTagLayers.has(dataLayer)) pushGtag(dataLayer, 'event', event, clean);
    else dataLayer.push({ ...clean, event });
  } catch (error) {
    console.error('Tag manager: could not record an event', error);
  }
}

/** A page view, without the query string or hash (they can hold tokens or addresses). */
export function trackPageView(
  location: { pathname: string },
  dataLayer: DataLayer = defaultDataLayer(),
  origin: string = typeof window === 'undefined' ? '' : window.location.origin,
): void {
  track(
    'page_view',
    {
      page_path: location.pathname,
      page_location: `${origin}${location.pathname}`,
      page_title: typeof document === 'undefined' ? undefined : document.title,
    },
    dataLayer,
  );
}

/** An error report (`error_occurred`): a short kind and message, never a stack or user data. */
export function trackError(
  kind: string,
  error: unknown,
  dataLayer: DataLayer = defaultDataLayer(),
): void {
  const message = error instanceof Error ? error.message : String(error);
  track('error_occurred', { error_type: kind, error_message: message.slice(0, 200) }, dataLayer);
}

/** The script URL of an id (validated): the GTM container, or the Google tag for a G- id. */
export function tagManagerScriptUrl(id: string): string {
  const valid = validateTagManagerId(id);
  const base = valid.startsWith('G-') ? GOOGLE_TAG_SCRIPT_URL : TAG_MANAGER_SCRIPT_URL;
  return `${base}?id=${encodeURIComponent(valid)}`;
}

export interface InitTagManagerOptions {
  dataLayer?: DataLayer;
  document?: Pick<Document, 'createElement' | 'head' | 'querySelector'>;
  now?: () => number;
}

/**
 * Starts the tag manager: with an id, pushes `gtm.js` (or the Google tag's `js` and `config`)
 * and injects the script (once); without one does nothing. An invalid id is reported (console.error and
 * `error_occurred`) and not thrown, so the app starts anyway. Returns whether a script was
 * injected or already present.
 */
export function initTagManager(
  gtmId: string | null | undefined,
  options: InitTagManagerOptions = {},
): boolean {
  if (!gtmId) return false;
  const dataLayer = options.dataLayer ?? defaultDataLayer();
  let src: string;
  try {
    src = tagManagerScriptUrl(gtmId);
  } catch (error) {
    console.error(error);
    trackError('tag_manager_id', error, dataLayer);
    return false;
  }
  const doc = options.document ?? document;
  if (doc.querySelector(`script[src="${src}"]`)) return true;
  const now = (options.now ?? Date.now)();
  if (gtmId.startsWith('G-')) {
    googleTagLayers.add(dataLayer);
    pushGtag(dataLayer, 'js', new Date(now));
    pushGtag(dataLayer, 'config', gtmId, { send_page_view: false });
  } else {
    dataLayer.push({ 'gtm.start': now, event: 'gtm.js' });
  }
  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  doc.head.appendChild(script);
  return true;
}
