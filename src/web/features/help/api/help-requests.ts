import { queryOptions, useMutation } from '@tanstack/react-query';
import { HELP_URL_MAX_LENGTH } from '../../../../shared/constants';
import type { HelpRequestInput, HelpRequestRecord } from '../../../../shared/schemas/help-request';
import { api } from '../../../lib/api';
import { fetchSession } from '../../../lib/session';

/** The page the request is about: the current address, cut to what the server accepts. */
export function currentPageUrl(): string {
  return window.location.href.slice(0, HELP_URL_MAX_LENGTH);
}

export function submitHelpRequest(input: HelpRequestInput): Promise<HelpRequestRecord> {
  return api<HelpRequestRecord>('/help-requests', { method: 'POST', body: input });
}

export function useSubmitHelpRequest() {
  return useMutation({
    mutationFn: (issueDescription: string) =>
      submitHelpRequest({ url: currentPageUrl(), issue_description: issueDescription }),
  });
}

/**
 * Whether someone is signed in, asked when the dialog opens: a visitor without a session is
 * told to sign in first instead of typing a request the server would refuse.
 */
export const helpSessionQueryOptions = () =>
  queryOptions({
    queryKey: ['help', 'signed-in'],
    queryFn: async () => (await fetchSession()) !== null,
    staleTime: 0,
    gcTime: 0,
  });
