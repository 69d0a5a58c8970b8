import { z } from 'zod';
import { API_KEY_LIMITS, API_KEY_SCOPES } from '../../../shared/schemas/api-keys';
import type { ApiKeyBody } from './api/api-keys';

/** The create form: the expiry is a day (the key works until that day ends), '' for none. */
export const keyFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      .max(API_KEY_LIMITS.nameMaxLength, { error: 'validation.tooLong' }),
    scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, { error: 'apiKeys.errors.scopes' }),
    expiresOn: z.string(),
    agentId: z.string(),
  })
  .refine((form) => !form.expiresOn || endOfDay(form.expiresOn) > Date.now(), {
    error: 'apiKeys.errors.expiry',
    path: ['expiresOn'],
  });
export type KeyForm = z.infer<typeof keyFormSchema>;

export const emptyKeyForm: KeyForm = {
  name: '',
  scopes: ['agents:run'],
  expiresOn: '',
  agentId: '',
};

/** The end (local time) of a `yyyy-mm-dd` day, in epoch ms. */
function endOfDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, date ?? 1, 23, 59, 59, 999).getTime();
}

export const requestBody = (form: KeyForm): ApiKeyBody => ({
  name: form.name.trim(),
  scopes: form.scopes,
  expiresAt: form.expiresOn ? new Date(endOfDay(form.expiresOn)).toISOString() : null,
  agentId: form.agentId || null,
});
