import { describe, expect, it, vi } from 'vitest';
import {
  handlePreloadError,
  installLazyLoadErrorListener,
  isLazyLoadError,
  PRELOAD_ERROR_EVENT,
  type PreloadErrorEvent,
} from './lazy-load-error';

/** The event Vite's preload helper dispatches before rethrowing the error. */
function preloadErrorEvent(payload: unknown): PreloadErrorEvent {
  const event = new Event(PRELOAD_ERROR_EVENT, { cancelable: true }) as PreloadErrorEvent;
  event.payload = payload;
  return event;
}

describe('lazy load errors', () => {
  it('reports the error of a preload error event and lets it be rethrown', () => {
    const target = new EventTarget();
    const report = vi.fn();
    const stop = installLazyLoadErrorListener(target as unknown as Window, report);
    const error = new Error('Something unusual');
    const event = preloadErrorEvent(error);
    target.dispatchEvent(event);
    expect(report).toHaveBeenCalledWith(error);
    // Not prevented: Vite's helper rethrows the error, so the router shows its error page.
    expect(event.defaultPrevented).toBe(false);
    expect(isLazyLoadError(error)).toBe(true);

    stop();
    target.dispatchEvent(preloadErrorEvent(new Error('later')));
    expect(report).toHaveBeenCalledOnce();
  });

  it('recognises the browsers’ failed dynamic import messages', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://app.test/assets/login-abc.js',
      'error loading dynamically imported module: https://app.test/assets/login-abc.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/index-abc.css',
    ]) {
      expect(isLazyLoadError(new TypeError(message)), message).toBe(true);
    }
    expect(isLazyLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isLazyLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isLazyLoadError(null)).toBe(false);
  });

  it('reports something even for an event without a payload', () => {
    const report = vi.fn();
    handlePreloadError(preloadErrorEvent(undefined), report);
    expect(report).toHaveBeenCalledWith(expect.any(Error));
  });
});
