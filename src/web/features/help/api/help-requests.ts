import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { HELP_URL_MAX_LENGTH } from '../../../../shared/constants';
import type { HelpRequestInput, HelpRequestRecord } from '../../../../shared/schemas/help-request';
import type { Page } from '../../../../shared/schemas/pagination';
import { api } from '../../../lib/api';
import { pageQueryOptions } from '../../../lib/paged-query';
import { fetchSession } from '../../../lib/session';

export const helpKeys = {
  mine: (paging?: { page: number; pageSize: number }) =>
    paging ? (['help', 'mine', paging] as const) : (['help', 'mine'] as const),
};

/**
 * GET /api/v1/help-requests/mine: a page of the caller's own requests, newest first. Always
 * asked again when shown (an answer may have come in since, e.g. from the bell's link).
 */
export const myHelpRequestsQueryOptions = (paging: { page: number; pageSize: number }) => ({
  ...pageQueryOptions<Page<HelpRequestRecord>>(
    helpKeys.mine(paging),
    '/help-requests/mine',
    paging,
  ),
  staleTime: 0,
});

/** The page the request is about: the current address, cut to what the server accepts. */
export function currentPageUrl(): string {
  return window.location.href.slice(0, HELP_URL_MAX_LENGTH);
}

export function submitHelpRequest(input: HelpRequestInput): Promise<HelpRequestRecord> {
  return api<HelpRequestRecord>('/help-requests', { method: 'POST', body: input });
}

export function useSubmitHelpRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (issueDescription: string) =>
      submitHelpRequest({ url: currentPageUrl(), issue_description: issueDescription }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: helpKeys.mine() }),
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
