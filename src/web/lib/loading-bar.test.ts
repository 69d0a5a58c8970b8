import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LOADING_BAR_CAP,
  LOADING_BAR_FINISH_DELAY_MS,
  LOADING_BAR_START,
  LOADING_BAR_TICK_MS,
} from '../../shared/constants';
import { createLoadingBar, nextProgress } from './loading-bar';

describe('loading bar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is hidden at 0 until loading starts', () => {
    const bar = createLoadingBar();
    expect(bar.getState()).toEqual({ progress: 0, loading: false, visible: false });
  });

  it('starts at 10', () => {
    const bar = createLoadingBar();
    bar.start();
    expect(bar.getState()).toEqual({ progress: LOADING_BAR_START, loading: true, visible: true });
  });

  it('grows only on each 800 ms tick', () => {
    const bar = createLoadingBar({ random: () => 0.5, maxStep: 10 });
    bar.start();
    vi.advanceTimersByTime(LOADING_BAR_TICK_MS - 1);
    expect(bar.getState().progress).toBe(10);
    vi.advanceTimersByTime(1);
    expect(bar.getState().progress).toBe(15);
    vi.advanceTimersByTime(LOADING_BAR_TICK_MS);
    expect(bar.getState().progress).toBe(20);
  });

  it('grows by a random amount', () => {
    const randoms = [0.1, 0.9];
    const bar = createLoadingBar({ random: () => randoms.shift() ?? 0, maxStep: 10 });
    bar.start();
    vi.advanceTimersByTime(LOADING_BAR_TICK_MS);
    expect(bar.getState().progress).toBeCloseTo(11);
    vi.advanceTimersByTime(LOADING_BAR_TICK_MS);
    expect(bar.getState().progress).toBeCloseTo(20);
  });

  it('never passes the cap of 82 however long loading takes', () => {
    const bar = createLoadingBar({ random: () => 0.99 });
    bar.start();
    let previous = bar.getState().progress;
    for (let i = 0; i < 200; i += 1) {
      vi.advanceTimersByTime(LOADING_BAR_TICK_MS);
      const { progress } = bar.getState();
      expect(progress).toBeGreaterThanOrEqual(previous);
      expect(progress).toBeLessThanOrEqual(LOADING_BAR_CAP);
      previous = progress;
    }
    expect(previous).toBe(LOADING_BAR_CAP);
  });

  it('jumps to 100 on resolve and resets 300 ms later', () => {
    const bar = createLoadingBar({ random: () => 0.5 });
    bar.start();
    vi.advanceTimersByTime(LOADING_BAR_TICK_MS * 2);
    bar.done();
    expect(bar.getState()).toEqual({ progress: 100, loading: false, visible: true });
    // no more growth ticks after resolve
    vi.advanceTimersByTime(LOADING_BAR_FINISH_DELAY_MS - 1);
    expect(bar.getState().progress).toBe(100);
    vi.advanceTimersByTime(1);
    expect(bar.getState()).toEqual({ progress: 0, loading: false, visible: false });
  });

  it('ignores done() when nothing is loading', () => {
    const bar = createLoadingBar();
    bar.done();
    expect(bar.getState().visible).toBe(false);
  });

  it('restarts at 10 when loading starts again during the finishing 300 ms', () => {
    const bar = createLoadingBar({ random: () => 0.5 });
    bar.start();
    bar.done();
    vi.advanceTimersByTime(100);
    bar.start();
    expect(bar.getState().progress).toBe(LOADING_BAR_START);
    vi.advanceTimersByTime(LOADING_BAR_FINISH_DELAY_MS);
    expect(bar.getState()).toMatchObject({ loading: true, visible: true });
  });

  it('a second start() while loading does not reset the progress', () => {
    const bar = createLoadingBar({ random: () => 0.5, maxStep: 10 });
    bar.start();
    vi.advanceTimersByTime(LOADING_BAR_TICK_MS);
    bar.start();
    expect(bar.getState().progress).toBe(15);
  });

  it('notifies subscribers and stops after dispose', () => {
    const bar = createLoadingBar({ random: () => 0.5 });
    const seen: number[] = [];
    const unsubscribe = bar.subscribe((state) => seen.push(state.progress));
    bar.start();
    vi.advanceTimersByTime(LOADING_BAR_TICK_MS);
    unsubscribe();
    vi.advanceTimersByTime(LOADING_BAR_TICK_MS);
    expect(seen).toEqual([10, 16]);
    bar.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('nextProgress always moves forward by a little, and caps at 82', () => {
    expect(nextProgress(10, 0, 12)).toBe(10.5);
    expect(nextProgress(81, 0.99, 12)).toBe(LOADING_BAR_CAP);
  });
});
