// @vitest-environment happy-dom
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { BulkToolbar, SelectPageCell, SelectRowCell } from './BulkToolbar';
import { renderWithApp } from './test-wrapper';
import { useSelection } from './useSelection';

interface Item {
  id: string;
  name: string;
}
const PAGES: Item[][] = [
  [
    { id: '1', name: 'Ada' },
    { id: '2', name: 'Grace' },
  ],
  [{ id: '3', name: 'Linus' }],
];

function List() {
  const [page, setPage] = useState(0);
  const [filter, setFilter] = useState('');
  const selection = useSelection<Item>((item) => item.id, filter);
  const items = PAGES[page] ?? [];
  return (
    <>
      <button onClick={() => setPage(1 - page)}>Other page</button>
      <button onClick={() => setFilter('x')}>Filter</button>
      <BulkToolbar
        count={selection.count}
        label="Actions on the selected people"
        onClear={selection.clear}
      >
        <button>Delete selected</button>
      </BulkToolbar>
      <Table aria-label="People">
        <TableHead>
          <TableRow>
            <SelectPageCell
              selection={selection}
              items={items}
              label="Select every person on this page"
            />
            <TableCell>Name</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <SelectRowCell
                checked={selection.isSelected(item.id)}
                onToggle={() => selection.toggle(item)}
                label={`Select ${item.name}`}
              />
              <TableCell>{item.name}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

afterEach(cleanup);

describe('bulk selection', () => {
  it('shows no toolbar until a row is selected, then the count and the actions', async () => {
    renderWithApp(<List />);
    const user = userEvent.setup();
    expect(screen.queryByRole('toolbar')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions on the selected people' });
    expect(toolbar.textContent).toContain('Selected: 1');
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeTruthy();
    const all = screen.getByRole('checkbox', { name: 'Select every person on this page' });
    expect(all.getAttribute('data-indeterminate')).toBe('true');
  });

  it('selects the whole page, keeps it across pages, and clears from the keyboard', async () => {
    renderWithApp(<List />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select every person on this page' }));
    expect(screen.getByRole('status').textContent).toBe('Selected: 2');
    expect(screen.getByRole('checkbox', { name: 'Select Grace' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Other page' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Linus' }));
    expect(screen.getByRole('status').textContent).toBe('Selected: 3');
    screen.getByRole('button', { name: 'Clear selection' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('unselects the page when all its rows are selected, and empties on a new filter', async () => {
    renderWithApp(<List />);
    const user = userEvent.setup();
    const all = screen.getByRole('checkbox', { name: 'Select every person on this page' });
    await user.click(all);
    await user.click(all);
    expect(screen.queryByRole('toolbar')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada' }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.queryByRole('toolbar')).toBeNull();
  });
});
