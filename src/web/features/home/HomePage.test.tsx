// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUserData } from '../../../shared/user-data';
import { renderWithApp } from '../../components/list/test-wrapper';
import { authStore, type AuthState } from '../../lib/auth-store';
import { HomePage } from './pages/HomePage';
import type { CreateOrganizationDialogType } from './components/NoOrganizationCard';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  api,
}));

// The organisation feature's dialog, which the route passes in: here a plain one.
const CreateOrganizationDialog: CreateOrganizationDialogType = ({ open, onClose }) =>
  open ? (
    <div role="dialog" aria-label="Create an organisation">
      <button onClick={onClose}>Cancel</button>
    </div>
  ) : null;

const initial = authStore.state;
beforeEach(() => {
  api.mockReset();
});
afterEach(() => {
  cleanup();
  authStore.setState(() => initial);
});

function signedIn(changes: Partial<AuthState>) {
  authStore.setState((state) => ({
    ...state,
    status: 'authenticated',
    userData: buildUserData({ id: 'u1', email: 'ada@example.test', name: 'Ada' }),
    ...changes,
  }));
}

function renderHome() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithApp(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <HomePage CreateOrganizationDialog={CreateOrganizationDialog} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

describe('HomePage', () => {
  it('shows a user in no organisation how to create one or be invited, nothing else', async () => {
    signedIn({ organizations: [], selectedOrgId: null, orgDataLoaded: true });
    renderHome();
    expect(
      screen.getByRole('heading', { name: 'You are not in an organisation yet' }),
    ).toBeTruthy();
    expect(screen.getByText(/An invitation from an organisation admin also works/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your organisations' })).toBeNull();
    expect(api).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Create an organisation' }));
    expect(screen.getByRole('dialog', { name: 'Create an organisation' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows no such card while the organisations load or when they failed to', () => {
    signedIn({ organizations: [], orgDataLoaded: false });
    renderHome();
    expect(screen.queryByText('You are not in an organisation yet')).toBeNull();
    cleanup();
    signedIn({ organizations: [], orgDataLoaded: true, loadError: true });
    renderHome();
    expect(screen.queryByText('You are not in an organisation yet')).toBeNull();
    expect(screen.getByText('Your organisations could not be loaded.')).toBeTruthy();
  });
});
