import { z } from 'zod';
import { SLUG_RULE } from '../../../shared/schemas/organization';

/** Limits of src/shared/schemas/organization.ts, with locale keys as messages. */
export const NAME_MAX = 80;

export const nameField = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(NAME_MAX, 'validation.tooLong');

export const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SLUG_RULE, 'organization.errors.slug');

/** A slug that may be left empty (the server derives one from the name). */
export const optionalSlugField = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || SLUG_RULE.test(value), 'organization.errors.slug');
