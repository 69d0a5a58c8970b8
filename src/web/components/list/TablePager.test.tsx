// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TablePager } from '../TablePager';
import { renderWithApp } from './test-wrapper';

afterEach(cleanup);

describe('TablePager', () => {
  it('shows the range and names its buttons', () => {
    renderWithApp(
      <TablePager
        total={1000}
        page={2}
        pageSize={10}
        onPageChange={vi.fn()}
        onPageSizeChange={vi.fn()}
      />,
    );
    expect(screen.getByText('11–20 of 1,000')).toBeTruthy();
    for (const name of [
      'Go to the first page',
      'Go to the previous page',
      'Go to the next page',
      'Go to the last page',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('combobox', { name: 'Rows per page:' })).toBeTruthy();
  });

  it('turns pages (from 1) and offers the spec page sizes', async () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    renderWithApp(
      <TablePager
        total={95}
        page={1}
        pageSize={20}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
        labelRowsPerPage="Projects per page:"
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Go to the previous page' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Go to the next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await user.click(screen.getByRole('button', { name: 'Go to the last page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    await user.click(screen.getByRole('combobox', { name: 'Projects per page:' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '5',
      '10',
      '20',
      '25',
      '50',
      '100',
    ]);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onPageSizeChange).toHaveBeenLastCalledWith(50);
  });
});
