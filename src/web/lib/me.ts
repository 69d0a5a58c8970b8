import { queryOptions } from '@tanstack/react-query';
import type { AbilityRule } from '../../shared/abilities';
import type { UserData } from '../../shared/user-data';
import { api, ApiError } from './api';
import { readStorage, removeStorage, STORAGE_KEYS } from './storage';

/** `GET /api/v1/me`: the signed-in user, their organisations and their ability rules. */
export interface MeResponse {
  user: UserData;
  organizations: { id: string; name: string; slug: string; logo: string | null; role: string }[];
  /** The organisation named by X-Organization-Id, if any. */
  organization: { id: string; role: string | null } | null;
  rules: AbilityRule[];
}

async function fetchMe(signal: AbortSignal): Promise<MeResponse> {
  try {
    return await api<MeResponse>('/me', { signal });
  } catch (error) {
    // A stored organisation the user no longer belongs to answers 404: forget it, ask again.
    if (
      error instanceof ApiError &&
      error.status === 404 &&
      readStorage(STORAGE_KEYS.selectedOrgId)
    ) {
      removeStorage(STORAGE_KEYS.selectedOrgId, STORAGE_KEYS.selectedOrgRole);
      return api<MeResponse>('/me', { signal });
    }
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => fetchMe(signal),
  });
