// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyOnOpen } from './lazy-on-open';

afterEach(cleanup);

function Panel({ open, label }: { open: boolean; label: string }) {
  return <div data-open={String(open)}>{label}</div>;
}

describe('lazyOnOpen', () => {
  it('fetches nothing until first opened, then stays mounted when closed', async () => {
    let loads = 0;
    const LazyPanel = lazyOnOpen(async () => {
      loads += 1;
      return Panel;
    });

    const { rerender } = render(<LazyPanel open={false} label="settings" />);
    expect(loads).toBe(0);
    expect(screen.queryByText('settings')).toBeNull();

    rerender(<LazyPanel open label="settings" />);
    expect((await screen.findByText('settings')).dataset.open).toBe('true');
    expect(loads).toBe(1);

    rerender(<LazyPanel open={false} label="settings" />);
    expect(screen.getByText('settings').dataset.open).toBe('false');
  });

  it('prefetch loads the chunk ahead of the first open', async () => {
    let loads = 0;
    const LazyPanel = lazyOnOpen(async () => {
      loads += 1;
      return Panel;
    });
    await act(async () => LazyPanel.prefetch());
    expect(loads).toBe(1);
    render(<LazyPanel open label="search" />);
    expect(await screen.findByText('search')).toBeTruthy();
  });
});
