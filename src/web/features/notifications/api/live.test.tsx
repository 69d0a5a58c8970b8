// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_STREAM_PATH, useLiveNotifications } from './live';
import { notificationKeys } from './notifications';

/** An EventSource that the test drives. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly url: string;
  closed = false;
  private listeners = new Map<string, Array<() => void>>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string) {
    for (const listener of this.listeners.get(name) ?? []) listener();
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('useLiveNotifications', () => {
  it('reads the notifications again on each change and after a reconnection', () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useLiveNotifications(), { wrapper });
    const source = FakeEventSource.last!;
    expect(source.url).toBe(NOTIFICATIONS_STREAM_PATH);

    source.emit('ready');
    expect(invalidate).not.toHaveBeenCalled();
    source.emit('changed');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.root() });
    source.emit('ready');
    expect(invalidate).toHaveBeenCalledTimes(2);

    unmount();
    expect(source.closed).toBe(true);
  });
});
