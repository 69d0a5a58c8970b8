// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useScrollTrigger } from './useScrollTrigger';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  cleanup();
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('useScrollTrigger', () => {
  it('follows the threshold without hysteresis', () => {
    const { result } = renderHook(() =>
      useScrollTrigger({ threshold: 200, disableHysteresis: true }),
    );
    expect(result.current).toBe(false);
    scrollTo(150);
    expect(result.current).toBe(false);
    scrollTo(800);
    expect(result.current).toBe(true);
    scrollTo(400);
    expect(result.current).toBe(true);
    scrollTo(0);
    expect(result.current).toBe(false);
  });

  it('with hysteresis, is reset by scrolling up and set again by scrolling down', () => {
    const { result } = renderHook(() => useScrollTrigger({ threshold: 120 }));
    scrollTo(300);
    expect(result.current).toBe(true);
    scrollTo(250);
    expect(result.current).toBe(false);
    scrollTo(260);
    expect(result.current).toBe(true);
  });

  it('does not read the position when it mounts (a restored position comes with a scroll event)', () => {
    let reads = 0;
    Object.defineProperty(window, 'scrollY', {
      configurable: true,
      get: () => {
        reads += 1;
        return 500;
      },
    });
    const { result } = renderHook(() => useScrollTrigger({ threshold: 0 }));
    expect(reads).toBe(0);
    expect(result.current).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(result.current).toBe(true);
  });
});
