import type { Me } from '../../shared/schemas/account';
import type { Membership } from '../../shared/schemas/organization';
import { api, ApiError } from './api';
import { takeEarlyResponse } from './early-requests';
import { readStorage, removeStorage, STORAGE_KEYS } from './storage';

/** One membership of the signed-in user, as `GET /api/v1/me` lists it. */
export type MeOrganization = Membership;

/** `GET /api/v1/me`: the signed-in user, their organisations and their ability rules. */
export type MeResponse = Me;

/**
 * The caller, with the rules of the stored organisation (sent as X-Organization-Id by `api`).
 * A stored organisation the user no longer belongs to answers 404: forget it, ask again.
 */
export async function fetchMe(): Promise<MeResponse> {
  // At start-up, the request public/initial-loader.js made for the same organisation; any
  // failure there is left to the request below, which handles it.
  const early = await takeEarlyResponse('me', readStorage(STORAGE_KEYS.selectedOrgId));
  if (early?.ok) {
    try {
      return (await early.json()) as MeResponse;
    } catch {
      // asked again below
    }
  }
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
