/**
 * The connection form with react-hook-form: its zod resolver (the shared schemas, through
 * `validateConnectionForm`) and the mapping of body paths (`config.host`, `secret`) to form
 * fields (`host`, `secret`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  dataSourceDescriptionSchema,
  dataSourceNameSchema,
  type ConfiguredDataSourceType,
} from '../../../shared/schemas/data-sources';
import {
  isLocaleKey,
  validateConnectionForm,
  type ConnectionForm,
  type FieldErrors,
} from './settings-form';

export type ConnectionFormApi = UseFormReturn<ConnectionForm>;

/** The form field of a body path (`config.headers.0.name` -> `headers.0.name`). */
export function formPathOf(path: string): FieldPath<ConnectionForm> | null {
  const field = path.startsWith('config.') ? path.slice('config.'.length) : path;
  const top = field.split('.')[0];
  const known: readonly string[] = [
    'name',
    'description',
    'host',
    'port',
    'database',
    'user',
    'ssl',
    'baseUrl',
    'authType',
    'authHeader',
    'headers',
    'testPath',
    'secret',
  ];
  return top && known.includes(top) ? (field as FieldPath<ConnectionForm>) : null;
}

/** The zod schema of the whole form: the shared schemas' checks, as locale keys per field. */
export function connectionFormSchema(
  type: ConfiguredDataSourceType,
  mode: 'create' | 'update' | 'test',
) {
  return z.custom<ConnectionForm>().superRefine((form, ctx) => {
    for (const [path, message] of Object.entries(validateConnectionForm(type, form, mode))) {
      const field = formPathOf(path);
      ctx.addIssue({ code: 'custom', path: field ? field.split('.') : [path], message });
    }
  });
}

/** The resolver of `useForm` for creating or editing a source of the type. */
export const connectionResolver = (type: ConfiguredDataSourceType, mode: 'create' | 'update') =>
  zodResolver(connectionFormSchema(type, mode));

/** Shows field errors (from the 'test' check or a server's answer) on their fields. */
export function showFieldErrors(form: ConnectionFormApi, errors: FieldErrors): boolean {
  let any = false;
  for (const [path, message] of Object.entries(errors)) {
    const field = formPathOf(path);
    if (!field) continue;
    form.setError(field, { type: 'validate', message });
    any = true;
  }
  return any;
}

/** Checks the settings only (for 'Test connection'); shows what is wrong. */
export function checkForTest(form: ConnectionFormApi, type: ConfiguredDataSourceType): boolean {
  form.clearErrors();
  const errors = validateConnectionForm(type, form.getValues(), 'test');
  showFieldErrors(form, errors);
  return Object.keys(errors).length === 0;
}

/** A field error to show: a locale key is translated, a server's text is shown as it is. */
export function errorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isLocaleKey(message) ? (t as (key: string) => string)(message) : message;
}

type NameIssues = {
  addIssue: (issue: { code: 'custom'; path: string[]; message: string }) => void;
};

/** A name is required (as the shared schema says), the description not too long. */
function checkName(form: { name: string; description: string }, ctx: NameIssues) {
  if (!dataSourceNameSchema.safeParse(form.name).success)
    ctx.addIssue({ code: 'custom', path: ['name'], message: 'dataSources.validation.required' });
  if (!dataSourceDescriptionSchema.safeParse(form.description).success)
    ctx.addIssue({
      code: 'custom',
      path: ['description'],
      message: 'dataSources.validation.tooLong',
    });
}

/** Name and description of a file source. */
export const nameFormSchema = z
  .object({ name: z.string(), description: z.string() })
  .superRefine(checkName);
export type NameForm = z.infer<typeof nameFormSchema>;

/** An upload's fields (the file itself is checked when chosen); no name when replacing a file. */
export const uploadFormSchema = (replacing: boolean) =>
  z
    .object({ name: z.string(), description: z.string(), skipInvalidRows: z.boolean() })
    .superRefine((form, ctx) => {
      if (!replacing) checkName(form, ctx);
    });
export type UploadForm = z.infer<ReturnType<typeof uploadFormSchema>>;
