// @vitest-environment happy-dom
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyRow, ErrorRow, SkeletonRows } from '../TableStates';
import { renderWithApp } from './test-wrapper';

afterEach(cleanup);

const inTable = (rows: ReactNode) =>
  renderWithApp(
    <Table aria-label="People">
      <TableBody>{rows}</TableBody>
    </Table>,
  );

describe('table states', () => {
  it('hides the loading placeholders from screen readers', () => {
    const { container } = inTable(<SkeletonRows columns={4} rows={3} checkbox />);
    const rows = container.querySelectorAll('tr');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.querySelectorAll('td')).toHaveLength(4);
    expect(screen.queryAllByRole('row')).toHaveLength(0);
  });

  it('says the list is empty across the table, with its action', async () => {
    const onClear = vi.fn();
    inTable(
      <EmptyRow columns={5} icon={<svg />} title="No people match" text="Try another search.">
        <button onClick={onClear}>Clear filters</button>
      </EmptyRow>,
    );
    const cell = screen.getByRole('cell');
    expect(cell.getAttribute('colspan')).toBe('5');
    expect(cell.textContent).toContain('No people match');
    expect(cell.textContent).toContain('Try another search.');
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('shows a failed load with a retry button', async () => {
    const onRetry = vi.fn();
    inTable(
      <ErrorRow
        columns={3}
        error={new Error('boom')}
        lead="The list could not be loaded."
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The list could not be loaded.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
