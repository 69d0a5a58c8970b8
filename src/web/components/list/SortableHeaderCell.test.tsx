// @vitest-environment happy-dom
import Table from '@mui/material/Table';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SortableHeaderCell, type TableSorting } from './SortableHeaderCell';
import { renderWithApp } from './test-wrapper';

afterEach(cleanup);

function header(sorting: TableSorting<'name' | 'email'>) {
  return renderWithApp(
    <Table>
      <TableHead>
        <TableRow>
          <SortableHeaderCell field="name" sorting={sorting}>
            Name
          </SortableHeaderCell>
          <SortableHeaderCell field="email" sorting={sorting} align="right">
            E-mail
          </SortableHeaderCell>
        </TableRow>
      </TableHead>
    </Table>,
  );
}

describe('SortableHeaderCell', () => {
  it('names the sorted column with its direction and sets aria-sort', () => {
    header({ sort: 'name', order: 'desc', onSort: vi.fn() });
    expect(screen.getByRole('button', { name: 'Name sorted descending' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'E-mail' })).toBeTruthy();
    const [name, email] = screen.getAllByRole('columnheader');
    expect(name?.getAttribute('aria-sort')).toBe('descending');
    expect(email?.getAttribute('aria-sort')).toBeNull();
  });

  it('sorts on click and from the keyboard', async () => {
    const onSort = vi.fn();
    header({ sort: 'name', order: 'asc', onSort });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'E-mail' }));
    expect(onSort).toHaveBeenLastCalledWith('email');
    screen.getByRole('button', { name: 'Name sorted ascending' }).focus();
    await user.keyboard('{Enter}');
    expect(onSort).toHaveBeenLastCalledWith('name');
    await user.keyboard(' ');
    expect(onSort).toHaveBeenCalledTimes(3);
  });
});
