import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookSecret, WebhookSettings } from '../../../../shared/schemas/webhooks';
import { api } from '../../../lib/api';
import { useAuthState } from '../../../lib/auth-store';

const path = (id: string) => `/agents/${encodeURIComponent(id)}/webhook`;

export const webhookKeys = {
  settings: (orgId: string | null, id: string) => ['agents', orgId, 'webhook', id] as const,
};

/** GET /api/v1/agents/{id}/webhook: on or off, the URL (with its token for editors only). */
export const webhookQueryOptions = (orgId: string | null, id: string) =>
  queryOptions({
    queryKey: webhookKeys.settings(orgId, id),
    queryFn: ({ signal }) => api<WebhookSettings>(path(id), { signal }),
    enabled: orgId !== null,
  });

export type WebhookAction = 'enable' | 'regenerate' | 'disable' | 'clearSecret';

const REQUESTS: Record<WebhookAction, { method: 'POST' | 'DELETE'; suffix: string }> = {
  enable: { method: 'POST', suffix: '' },
  regenerate: { method: 'POST', suffix: '/regenerate' },
  disable: { method: 'DELETE', suffix: '' },
  clearSecret: { method: 'DELETE', suffix: '/signing-secret' },
};

/** One change of the webhook settings; the settings query takes the answer. */
export function useWebhookAction(agentId: string) {
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  return useMutation({
    mutationFn: (action: WebhookAction) => {
      const { method, suffix } = REQUESTS[action];
      return api<WebhookSettings>(`${path(agentId)}${suffix}`, { method });
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(webhookKeys.settings(orgId, agentId), settings);
    },
  });
}

/** Sets a generated signing secret; the answer holds it, this once. */
export function useSetSigningSecret(agentId: string) {
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  return useMutation({
    mutationFn: () =>
      api<WebhookSecret>(`${path(agentId)}/signing-secret`, { method: 'POST', body: {} }),
    onSuccess: ({ settings }) => {
      queryClient.setQueryData(webhookKeys.settings(orgId, agentId), settings);
    },
  });
}
