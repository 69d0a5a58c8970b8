import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMessageDto, ConversationDto } from '../../../../shared/schemas/chat';
import type { RunDto } from '../../../../shared/schemas/runs';
import { API_BASE, api } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { agentKeys, type Agent } from './agents';

export type ConversationWithMessages = ConversationDto & { messages: ChatMessageDto[] };

const path = (id: string) => `/agents/${encodeURIComponent(id)}`;

/** The chat's keys; the run's is the one the agent page's runs use, so both share the cache. */
export const chatKeys = {
  conversations: (orgId: string | null, id: string) =>
    ['agents', orgId, 'chat', id, 'conversations'] as const,
  conversation: (orgId: string | null, id: string, conversationId: string) =>
    ['agents', orgId, 'chat', id, 'conversations', conversationId] as const,
  run: (orgId: string | null, id: string, runId: string) =>
    ['agents', orgId, 'runs', id, 'one', runId] as const,
};

/** The agent (whether it is published and chat is on). */
export const chatAgentQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: agentKeys.detail(orgId, id),
    queryFn: ({ signal }) => api<Agent>(path(id), { signal }),
    enabled: orgId !== null,
  });

export const conversationsQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: chatKeys.conversations(orgId, id),
    queryFn: ({ signal }) =>
      api<{ items: ConversationDto[] }>(`${path(id)}/conversations`, { signal }),
    enabled: orgId !== null,
  });

export const conversationQueryOptions = (orgId: string | null, id: string, cid: string) =>
  queryOptions({
    queryKey: chatKeys.conversation(orgId, id, cid),
    queryFn: ({ signal }) =>
      api<ConversationWithMessages>(`${path(id)}/conversations/${encodeURIComponent(cid)}`, {
        signal,
      }),
    staleTime: 0,
  });

/** One finished run with its steps (an answer's). */
export const chatRunQueryOptions = (orgId: string | null, id: string, runId: string) =>
  queryOptions({
    queryKey: chatKeys.run(orgId, id, runId),
    queryFn: ({ signal }) =>
      api<RunDto>(`${path(id)}/runs/${encodeURIComponent(runId)}`, { signal }),
    enabled: orgId !== null,
  });

/** Where a message is sent (the answer streams back as a UI message stream). */
export const chatUrl = (id: string) => `${API_BASE}${path(id)}/chat`;

/** The headers api() sends: the selected organisation. */
export function chatHeaders(): Record<string, string> {
  const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
  return orgId ? { 'X-Organization-Id': orgId } : {};
}

function useRefreshConversations(id: string) {
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  return () => queryClient.invalidateQueries({ queryKey: chatKeys.conversations(orgId, id) });
}

export function useRenameConversation(id: string) {
  const refresh = useRefreshConversations(id);
  return useMutation({
    mutationFn: ({ conversationId, title }: { conversationId: string; title: string }) =>
      api<ConversationDto>(`${path(id)}/conversations/${encodeURIComponent(conversationId)}`, {
        method: 'PATCH',
        body: { title },
      }),
    onSuccess: refresh,
  });
}

export function useDeleteConversation(id: string) {
  const refresh = useRefreshConversations(id);
  return useMutation({
    mutationFn: (conversationId: string) =>
      api<void>(`${path(id)}/conversations/${encodeURIComponent(conversationId)}`, {
        method: 'DELETE',
      }),
    onSuccess: refresh,
  });
}
