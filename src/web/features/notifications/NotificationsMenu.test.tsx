// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDto, NotificationPage } from '../../../shared/schemas/notifications';
import { renderRoute } from '../../components/list/test-wrapper';
import { NotificationsMenu } from './components/NotificationsMenu';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', () => ({ api }));

afterEach(() => {
  cleanup();
  api.mockReset();
});

const at = new Date().toISOString();
const item = (id: string, kind: string, params: Record<string, unknown>, link: string | null) =>
  ({ id, kind, params, link, read_at: null, created_at: at }) satisfies NotificationDto;

const items = [
  item('1', 'member.joined', { memberName: 'Ada', organizationName: 'Acme' }, '/other'),
  item('2', 'invitation.accepted', { memberName: 'Theo', organizationName: 'Acme' }, null),
  item('3', 'member.left', { memberName: 'Lin', organizationName: 'Acme' }, null),
  item('4', 'member.removed', { memberName: 'Sam', organizationName: 'Acme' }, null),
  item('5', 'help_request.received', { helpRequestId: 'h', authorName: 'Kim' }, null),
  item('6', 'help_request.answered', { helpRequestId: 'h', status: 'resolved' }, null),
  item('7', 'customers.import_finished', { created: 1200, updated: 0, failed: 3 }, null),
  item('8', 'something.new', {}, null),
];

async function renderMenu() {
  const page: NotificationPage = { items, total: items.length, unread: 8, page: 1, pageSize: 10 };
  api.mockImplementation((path: string) =>
    Promise.resolve(path === '/notifications' ? page : { ok: true, updated: 8 }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    () => (
      <QueryClientProvider client={queryClient}>
        <NotificationsMenu />
      </QueryClientProvider>
    ),
    (search) => search,
  );
}

describe('NotificationsMenu', () => {
  it('shows the unread count, one sentence per kind, and marks read then follows the link', async () => {
    const { router } = await renderMenu();
    const bell = await screen.findByRole('button', { name: 'Notifications (8 unread)' });
    await userEvent.click(bell);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const texts = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent ?? '');
    const sentences = [
      'Ada joined Acme',
      'Theo accepted your invitation to Acme',
      'Lin left Acme',
      'Sam was removed from Acme',
      'New help request from Kim',
      'Your help request was answered',
      'Customer import finished: 1,200 created, 0 updated, 3 failed',
      'You have a new notification',
    ];
    sentences.forEach((sentence, index) => expect(texts[index]).toContain(sentence));
    expect(screen.getByRole('button', { name: 'Mark “Ada joined Acme” as read' })).toBeTruthy();

    await userEvent.click(screen.getByText('Ada joined Acme'));
    expect(api).toHaveBeenCalledWith('/notifications/1/read', { method: 'POST' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/other'));
  });

  it('marks all as read', async () => {
    await renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (8 unread)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(api).toHaveBeenCalledWith('/notifications/read-all', { method: 'POST' });
  });
});
