import type { AbilityRule } from '../../shared/abilities';
import type { UserData } from '../../shared/user-data';
import { api, ApiError } from './api';
import { readStorage, removeStorage, STORAGE_KEYS } from './storage';

/** One membership of the signed-in user, as `GET /api/v1/me` lists it. */
export interface MeOrganization {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  role: string;
}

/** `GET /api/v1/me`: the signed-in user, their organisations and their ability rules. */
export interface MeResponse {
  user: UserData;
  organizations: MeOrganization[];
  /** The organisation named by X-Organization-Id, if any. */
  organization: { id: string; role: string | null } | null;
  rules: AbilityRule[];
}

/**
 * The caller, with the rules of the stored organisation (sent as X-Organization-Id by `api`).
 * A stored organisation the user no longer belongs to answers 404: forget it, ask again.
 */
export async function fetchMe(): Promise<MeResponse> {
  try {
    return await api<MeResponse>('/me');
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.status === 404 &&
      readStorage(STORAGE_KEYS.selectedOrgId)
    ) {
      removeStorage(STORAGE_KEYS.selectedOrgId, STORAGE_KEYS.selectedOrgRole);
      return api<MeResponse>('/me');
    }
    throw error;
  }
}
