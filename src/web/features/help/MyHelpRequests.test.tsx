// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpRequestRecord } from '../../../shared/schemas/help-request';
import type { Page } from '../../../shared/schemas/pagination';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { renderWithApp } from '../../components/list/test-wrapper';
import { MyHelpRequests } from './components/MyHelpRequests';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api,
}));

afterEach(() => {
  cleanup();
  api.mockReset();
});

const record = (overrides: Partial<HelpRequestRecord>): HelpRequestRecord => ({
  id: 'h1',
  user_id: 'u1',
  url: `${window.location.origin}/projects/p-1/settings`,
  project_id: 'p-1',
  project_link: '/projects/p-1',
  issue_description: 'The chart does not load.',
  status: 'open',
  note: null,
  resolved_at: null,
  resolved_by: null,
  created_at: '2026-03-12T14:05:00.000Z',
  ...overrides,
});

function renderList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(
    <QueryClientProvider client={queryClient}>
      <MyHelpRequests />
    </QueryClientProvider>,
  );
}

const page = (items: HelpRequestRecord[], total = items.length): Page<HelpRequestRecord> => ({
  items,
  total,
  page: 1,
  pageSize: 20,
});

describe('MyHelpRequests', () => {
  it("lists the user's requests with their status, page, and the team's note", async () => {
    api.mockResolvedValue(
      page(
        [
          record({ id: 'h2', issue_description: 'Where is the export?' }),
          record({
            id: 'h1',
            status: 'resolved',
            note: 'Fixed in the next release.',
            url: 'javascript:alert(1)',
            project_id: null,
            project_link: null,
          }),
        ],
        45,
      ),
    );
    renderList();
    const list = await screen.findByRole('list', { name: 'Your help requests' });
    const [open, resolved] = within(list).getAllByRole('listitem');
    expect(api).toHaveBeenCalledWith(
      '/help-requests/mine',
      expect.objectContaining({ query: { page: 1, pageSize: 20 } }),
    );

    expect(within(open!).getByText('Open')).toBeTruthy();
    expect(within(open!).getByText('Where is the export?')).toBeTruthy();
    expect(
      within(open!).getByRole('link', { name: '/projects/p-1/settings' }).getAttribute('href'),
    ).toBe('/projects/p-1/settings');
    expect(within(open!).getByRole('link', { name: 'Project p-1' }).getAttribute('href')).toBe(
      '/projects/p-1',
    );
    expect(within(open!).queryByText('Answer from the team')).toBeNull();
    expect(open!.querySelector('time')?.textContent).toBe(
      `Sent ${formatDateTime('2026-03-12T14:05:00.000Z', 'en')}`,
    );

    expect(within(resolved!).getByText('Resolved')).toBeTruthy();
    expect(within(resolved!).getByText('Answer from the team')).toBeTruthy();
    expect(within(resolved!).getByText('Fixed in the next release.')).toBeTruthy();
    // An address that is not http(s) is shown, never a link.
    expect(within(resolved!).getByText('javascript:alert(1)')).toBeTruthy();
    expect(within(resolved!).queryAllByRole('link')).toHaveLength(0);

    // The list kit's pager: 45 requests, 20 a page.
    await userEvent.click(screen.getByRole('button', { name: 'Go to the next page' }));
    expect(api).toHaveBeenLastCalledWith(
      '/help-requests/mine',
      expect.objectContaining({ query: { page: 2, pageSize: 20 } }),
    );
  });

  it('says how to ask for help when there is no request', async () => {
    api.mockResolvedValue(page([]));
    renderList();
    expect(await screen.findByText('No help request yet')).toBeTruthy();
    expect(screen.getByText(/Press the Get Help button/)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the error with a retry that asks again', async () => {
    api.mockRejectedValueOnce(new ApiError(500, { code: 'INTERNAL_ERROR', message: 'Boom' }));
    renderList();
    expect(await screen.findByText(/Your help requests could not be loaded\./)).toBeTruthy();
    api.mockResolvedValue(page([record({})]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Your help requests' })).toBeTruthy();
  });
});
