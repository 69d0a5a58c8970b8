import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitePage } from '../features/auth/pages/AcceptInvitePage';

export interface AcceptInviteSearch {
  /** The invitation's id, from the link in the invitation mail. */
  id?: string;
}

export const Route = createFileRoute('/accept-invite')({
  staticData: { meta: { layout: 'blank', public: true } },
  validateSearch: (search: Record<string, unknown>): AcceptInviteSearch =>
    typeof search.id === 'string' && search.id ? { id: search.id } : {},
  component: AcceptInvitePage,
});
