import { useSyncExternalStore } from 'react';
import {
  LOADING_BAR_CAP,
  LOADING_BAR_DONE,
  LOADING_BAR_FINISH_DELAY_MS,
  LOADING_BAR_START,
  LOADING_BAR_TICK_MS,
} from '../../shared/constants';

/**
 * The thin loading bar (spec section 4): starts at 10 and grows by a random step every 800 ms
 * while loading, never past 82; when loading resolves it jumps to 100 and resets to 0 (hidden)
 * 300 ms later. Pure logic over timers, so it can be tested with fake timers.
 */
export interface LoadingBarState {
  /** 0 (hidden) to 100. */
  progress: number;
  /** Loading is under way (not yet resolved). */
  loading: boolean;
  /** The bar is on screen (loading, or showing 100 before the reset). */
  visible: boolean;
}

export interface LoadingBarOptions {
  /** Random number in [0, 1); Math.random by default. */
  random?: () => number;
  /** Largest step of one tick (the step is random in (0, maxStep]). */
  maxStep?: number;
}

export interface LoadingBar {
  getState(): LoadingBarState;
  start(): void;
  done(): void;
  subscribe(listener: (state: LoadingBarState) => void): () => void;
  /** Stops every timer (e.g. when the app unmounts). */
  dispose(): void;
}

const HIDDEN: LoadingBarState = Object.freeze({ progress: 0, loading: false, visible: false });

/** The next progress after one tick: a random step, capped at 82. */
export function nextProgress(progress: number, random: number, maxStep: number): number {
  const step = Math.max(0.5, random * maxStep);
  return Math.min(LOADING_BAR_CAP, progress + step);
}

export function createLoadingBar(options: LoadingBarOptions = {}): LoadingBar {
  const random = options.random ?? Math.random;
  const maxStep = options.maxStep ?? 12;
  let state: LoadingBarState = HIDDEN;
  let tick: ReturnType<typeof setInterval> | undefined;
  let finish: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<(state: LoadingBarState) => void>();

  const update = (next: LoadingBarState) => {
    state = next;
    for (const listener of [...listeners]) listener(state);
  };
  const stopTimers = () => {
    clearInterval(tick);
    clearTimeout(finish);
    tick = undefined;
    finish = undefined;
  };

  return {
    getState: () => state,
    start() {
      if (state.loading) return;
      stopTimers();
      update({ progress: LOADING_BAR_START, loading: true, visible: true });
      tick = setInterval(() => {
        update({ ...state, progress: nextProgress(state.progress, random(), maxStep) });
      }, LOADING_BAR_TICK_MS);
    },
    done() {
      if (!state.loading) return;
      stopTimers();
      update({ progress: LOADING_BAR_DONE, loading: false, visible: true });
      finish = setTimeout(() => {
        finish = undefined;
        update(HIDDEN);
      }, LOADING_BAR_FINISH_DELAY_MS);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    dispose() {
      stopTimers();
      listeners.clear();
    },
  };
}

/** The app's loading bar, driven by the router's pending state (see layouts/LoadingBar). */
export const loadingBar = createLoadingBar();

export function useLoadingBarState(bar: LoadingBar = loadingBar): LoadingBarState {
  return useSyncExternalStore(bar.subscribe, bar.getState);
}
