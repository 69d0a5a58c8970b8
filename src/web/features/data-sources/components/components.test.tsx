// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { completionStatus, currentCompletions, startCompletion } from '@codemirror/autocomplete';
import { EditorView } from '@codemirror/view';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/list/test-wrapper';
import type { DataSourceDetail } from '../api/data-sources';
import { ConnectionSettings } from './ConnectionSettings';
import { FileConsole } from './FileConsole';
import { FileSettings } from './FileSettings';
import { HttpConsole } from './HttpConsole';
import { ProjectsTab } from './ProjectsTab';
import { QueryTab } from './QueryTab';
import { UploadFailure } from './UploadReports';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api', async (original) => ({
  ...(await original<typeof import('../../../lib/api')>()),
  api,
}));
vi.mock('../../../lib/ability', () => ({ useAbility: () => ({ can: () => true }) }));
vi.mock('../../../lib/auth-store', () => ({
  useAuthState: (pick: (state: { selectedOrgId: string }) => unknown) =>
    pick({ selectedOrgId: 'org1' }),
}));

const EMPTY_RESULT = { columns: [], rows: [], rowCount: 0, durationMs: 1, truncated: false };

function source(type: DataSourceDetail['type'], config: Record<string, unknown>) {
  return {
    id: 'ds1',
    name: 'Sales',
    description: '',
    type,
    config,
    hasSecret: false,
    projects: [{ id: 'p1', name: 'Alpha' }],
  } as unknown as DataSourceDetail;
}

function renderUi(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <SnackbarProvider>{ui}</SnackbarProvider>
    </QueryClientProvider>,
  );
}

const bodiesOf = (path: string) =>
  api.mock.calls
    .filter(([called]) => called === path)
    .map(([, options]) => (options as { body?: unknown }).body);

beforeEach(() => {
  api.mockReset();
  api.mockResolvedValue(EMPTY_RESULT);
});
afterEach(cleanup);

describe('FileConsole', () => {
  it('runs the first page at once, then the filter and sort rows as edited', async () => {
    const user = userEvent.setup();
    renderUi(<FileConsole source={source('file', { columns: [{ name: 'city' }] })} />);
    await waitFor(() => expect(bodiesOf('/data-sources/ds1/query')).toHaveLength(1));
    expect(bodiesOf('/data-sources/ds1/query')[0]).toEqual({
      filters: [],
      sort: [],
      page: 1,
      pageSize: 20,
    });

    await user.click(screen.getByRole('button', { name: 'Add a filter' }));
    await user.type(screen.getByRole('textbox', { name: 'Filter 1 value' }), 'Paris');
    await user.click(screen.getByRole('button', { name: 'Add a sort' }));
    expect(screen.getByRole('combobox', { name: 'Sort 1 direction' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bodiesOf('/data-sources/ds1/query')).toHaveLength(2));
    expect(bodiesOf('/data-sources/ds1/query')[1]).toEqual({
      filters: [{ column: 'city', op: 'eq', value: 'Paris' }],
      sort: [{ column: 'city', direction: 'asc' }],
      page: 1,
      pageSize: 20,
    });

    await user.click(screen.getByRole('button', { name: 'Remove filter 1' }));
    expect(screen.queryByRole('textbox', { name: 'Filter 1 value' })).toBeNull();
  });
});

describe('HttpConsole', () => {
  it('sends the path with the named parameters', async () => {
    const user = userEvent.setup();
    renderUi(<HttpConsole source={source('http', { baseUrl: 'https://api.test' })} />);
    await user.click(screen.getByRole('button', { name: 'Add a parameter' }));
    await user.type(screen.getByRole('textbox', { name: 'Parameter 1 name' }), 'q');
    await user.type(screen.getByRole('textbox', { name: 'Parameter 1 value' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(bodiesOf('/data-sources/ds1/query')).toEqual([{ path: '', query: { q: 'x' } }]),
    );
  });
});

describe('SQL console', () => {
  it('refuses to run or export an empty query', async () => {
    const user = userEvent.setup();
    api.mockImplementation((path: string) =>
      Promise.resolve(path.endsWith('/schema') ? { tables: [], truncated: false } : EMPTY_RESULT),
    );
    renderUi(<QueryTab source={source('postgres', {})} sql="" onSqlChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(bodiesOf('/data-sources/ds1/query')).toEqual([]);
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'SQL' }).getAttribute('aria-invalid')).toBe('true');
  });

  it("completes the source's tables and columns, and runs with Ctrl+Enter", async () => {
    api.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/data-sources/ds1/schema'
          ? {
              tables: [
                {
                  schema: 'public',
                  name: 'customers',
                  kind: 'table',
                  columns: [{ name: 'email', type: 'text', nullable: false }],
                },
              ],
              truncated: false,
            }
          : EMPTY_RESULT,
      ),
    );
    function Page() {
      const [sql, setSql] = useState('');
      return <QueryTab source={source('postgres', {})} sql={sql} onSqlChange={setSql} />;
    }
    renderUi(<Page />);
    const editor = screen.getByRole('textbox', { name: 'SQL' });
    const view = EditorView.findFromDOM(editor)!;
    await waitFor(() => expect(bodiesOf('/data-sources/ds1/schema')).toHaveLength(1));
    act(() => {
      view.dispatch(view.state.replaceSelection('select * from cust'), { userEvent: 'input.type' });
    });
    // Asked again until the schema has arrived (each ask waits for its answer).
    await waitFor(() => {
      if (completionStatus(view.state) === null) {
        act(() => {
          startCompletion(view);
        });
      }
      expect(currentCompletions(view.state).map((option) => option.label)).toContain('customers');
    });

    fireEvent.keyDown(editor, { key: 'Enter', code: 'Enter', keyCode: 13, ctrlKey: true });
    await waitFor(() =>
      expect(bodiesOf('/data-sources/ds1/query')).toEqual([{ sql: 'select * from cust' }]),
    );
  });
});

describe('ConnectionSettings', () => {
  it('enables Save and Discard once edited; Discard puts the saved values back', async () => {
    const user = userEvent.setup();
    renderUi(
      <ConnectionSettings
        source={source('postgres', { host: 'db', port: 5432, database: 'app', user: 'me' })}
        type="postgres"
        canUpdate
      />,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    const discard = screen.getByRole('button', { name: 'Discard changes' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(discard.hasAttribute('disabled')).toBe(true);
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.type(name, ' 2');
    expect(save.hasAttribute('disabled')).toBe(false);
    await user.click(discard);
    expect((name as HTMLInputElement).value).toBe('Sales');
    expect(screen.getByRole('combobox', { name: 'SSL / TLS' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Test connection' })).toBeTruthy();
  });

  it('saves the edited settings', async () => {
    const user = userEvent.setup();
    renderUi(<FileSettings source={source('file', {})} canUpdate />);
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/data-sources/ds1', {
        method: 'PATCH',
        body: { name: 'Sales 2', description: '' },
      }),
    );
    expect(await screen.findByText('The settings were saved')).toBeTruthy();
  });
});

describe('ProjectsTab', () => {
  it('offers the projects not assigned yet and assigns the one picked', async () => {
    const user = userEvent.setup();
    api.mockImplementation((path: string) =>
      Promise.resolve(
        path === '/projects'
          ? {
              items: [
                { id: 'p1', name: 'Alpha', status: 'active' },
                { id: 'p2', name: 'Beta', status: 'active' },
              ],
              total: 2,
              page: 1,
              pageSize: 100,
            }
          : undefined,
      ),
    );
    renderUi(<ProjectsTab source={source('postgres', {})} />);
    expect(within(screen.getByRole('list', { name: /./ })).getByText('Alpha')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Beta']);
    await user.click(options[0]!);
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/data-sources/ds1/projects/p2', { method: 'PUT' }),
    );
    expect(await screen.findByText('Assigned to Beta')).toBeTruthy();
  });
});

describe('UploadFailure', () => {
  it('lists the bad rows of an invalid file', () => {
    renderUi(
      <UploadFailure
        failure={{
          message: 'The file has bad rows.',
          invalidFile: true,
          rows: [{ location: 'row 2', message: 'not a number' }],
        }}
      />,
    );
    expect(screen.getByText('row 2: not a number')).toBeTruthy();
  });
});
