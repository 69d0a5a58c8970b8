import { trackError } from './tag-manager';

/**
 * A failed lazy page load (spec section 8: "preload error event raised and rethrown").
 *
 * Vite wraps every dynamic import of the build (the router's code-split route chunks among
 * them) in a helper that, when a chunk or its CSS cannot be fetched, dispatches the
 * cancelable `vite:preloadError` event on window with the error as `payload`, then rethrows
 * the error unless a listener called preventDefault. This listener reports the event
 * (console.error and an `error_occurred` data-layer event) and deliberately does not call
 * preventDefault, so the error still reaches the router, whose error page offers a reload
 * (`isLazyLoadError(error)` tells it that a reload is the cure: usually a new deployment
 * replaced the chunk files).
 */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';

export type PreloadErrorEvent = Event & { payload?: unknown };

type EventTargetLike = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Errors seen in a preload error event. */
const seen = new WeakSet<object>();

const MODULE_LOAD_FAILURE = [
  /^Failed to fetch dynamically imported module/, // Chromium
  /^error loading dynamically imported module/, // Firefox
  /^Importing a module script failed/, // Safari
  /^Unable to preload CSS for /, // Vite's CSS preload
];

/** True for an error of a lazy chunk that could not be loaded. */
export function isLazyLoadError(error: unknown): boolean {
  if (error !== null && typeof error === 'object' && seen.has(error)) return true;
  const message = error instanceof Error ? error.message : undefined;
  return message !== undefined && MODULE_LOAD_FAILURE.some((pattern) => pattern.test(message));
}

/** Handles one preload error event: remembers and reports the error; it is still rethrown. */
export function handlePreloadError(
  event: PreloadErrorEvent,
  report: (error: unknown) => void = reportLazyLoadError,
): void {
  const error = event.payload ?? new Error('A page could not be loaded');
  if (typeof error === 'object') seen.add(error);
  report(error);
}

function reportLazyLoadError(error: unknown): void {
  console.error('A page could not be loaded', error);
  trackError('lazy_load', error);
}

/** Listens for preload errors on `target` (window by default); returns the unsubscribe. */
export function installLazyLoadErrorListener(
  target: EventTargetLike = window,
  report?: (error: unknown) => void,
): () => void {
  const listener = (event: Event) => handlePreloadError(event as PreloadErrorEvent, report);
  target.addEventListener(PRELOAD_ERROR_EVENT, listener);
  return () => target.removeEventListener(PRELOAD_ERROR_EVENT, listener);
}

/** Reloads the page: the fresh index.html names the current chunks. */
export function reloadPage(): void {
  window.location.reload();
}
