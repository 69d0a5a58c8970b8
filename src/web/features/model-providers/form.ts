/**
 * The provider form: its values (prices as typed text), its zod schema (locale keys as
 * messages) and the request bodies it becomes. The key and header values are write-only: the
 * form starts with them empty, and empty means "keep what is stored".
 */
import { z } from 'zod';
import { isHttpBaseUrl } from '../../../shared/schemas/data-sources';
import {
  MODEL_PROVIDER_LIMITS,
  type ProviderHeaderInput,
  type ProviderModel,
} from '../../../shared/schemas/model-providers';
import type { DiscoverBody, ModelProvider, ModelProviderBody } from './api/model-providers';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'connection',
  'transfer-encoding',
  'authorization',
]);

const KEY = 'modelProviders.validation';

/** A price as typed: empty (unknown) or a number of 0 or more. */
const priceText = z
  .string()
  .trim()
  .refine(
    (value) =>
      value === '' ||
      (Number.isFinite(Number(value)) &&
        Number(value) >= 0 &&
        Number(value) <= MODEL_PROVIDER_LIMITS.maxPrice),
    { error: `${KEY}.price` },
  );

export const providerFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      .max(MODEL_PROVIDER_LIMITS.nameMaxLength, { error: 'validation.tooLong' }),
    baseUrl: z
      .string()
      .trim()
      .min(1, { error: 'validation.required' })
      .refine(isHttpBaseUrl, { error: `${KEY}.baseUrl` }),
    apiKey: z.string().max(MODEL_PROVIDER_LIMITS.apiKeyMaxLength, { error: 'validation.tooLong' }),
    removeKey: z.boolean(),
    models: z
      .array(
        z.object({
          id: z
            .string()
            .trim()
            .min(1, { error: 'validation.required' })
            .max(MODEL_PROVIDER_LIMITS.modelIdMaxLength, { error: 'validation.tooLong' }),
          inputPrice: priceText,
          outputPrice: priceText,
        }),
      )
      .max(MODEL_PROVIDER_LIMITS.maxModels),
    defaultModel: z.string(),
    headers: z
      .array(
        z.object({
          name: z
            .string()
            .trim()
            .regex(HEADER_NAME, { error: `${KEY}.headerName` })
            .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), {
              error: `${KEY}.reservedHeader`,
            }),
          value: z
            .string()
            .refine((value) => !/[\r\n\0]/.test(value), { error: `${KEY}.headerValue` }),
          /** The value is stored: an empty field keeps it. */
          stored: z.boolean(),
        }),
      )
      .max(MODEL_PROVIDER_LIMITS.maxHeaders),
  })
  .superRefine((form, ctx) => {
    const ids = new Set<string>();
    form.models.forEach((model, index) => {
      const id = model.id.trim();
      if (id && ids.has(id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['models', index, 'id'],
          message: `${KEY}.duplicateModel`,
        });
      }
      ids.add(id);
    });
    if (form.defaultModel && !ids.has(form.defaultModel)) {
      ctx.addIssue({ code: 'custom', path: ['defaultModel'], message: `${KEY}.defaultModel` });
    }
    const names = new Set<string>();
    form.headers.forEach((header, index) => {
      const name = header.name.trim().toLowerCase();
      if (names.has(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['headers', index, 'name'],
          message: `${KEY}.duplicateHeader`,
        });
      }
      names.add(name);
      if (!header.stored && !header.value) {
        ctx.addIssue({
          code: 'custom',
          path: ['headers', index, 'value'],
          message: 'validation.required',
        });
      }
    });
  });

export type ProviderForm = z.input<typeof providerFormSchema>;

const priceField = (price: number | null) => (price === null ? '' : String(price));
const priceValue = (text: string) => (text.trim() === '' ? null : Number(text));

/** The form of a saved provider (key and header values empty: they stay stored), or a new one. */
export function formValues(provider: ModelProvider | null): ProviderForm {
  return {
    name: provider?.name ?? '',
    baseUrl: provider?.baseUrl ?? '',
    apiKey: '',
    removeKey: false,
    models: (provider?.models ?? []).map((model) => ({
      id: model.id,
      inputPrice: priceField(model.inputPrice),
      outputPrice: priceField(model.outputPrice),
    })),
    defaultModel: provider?.defaultModel ?? '',
    headers: (provider?.headerNames ?? []).map((name) => ({ name, value: '', stored: true })),
  };
}

const headerInputs = (form: ProviderForm): ProviderHeaderInput[] =>
  form.headers.map((header) => ({
    name: header.name.trim(),
    ...(header.value ? { value: header.value } : {}),
  }));

/** The body of POST (new) or PATCH (saved) /model-providers. */
export function requestBody(form: ProviderForm, saved: boolean): ModelProviderBody {
  const models: ProviderModel[] = form.models.map((model) => ({
    id: model.id.trim(),
    inputPrice: priceValue(model.inputPrice),
    outputPrice: priceValue(model.outputPrice),
  }));
  const key = form.apiKey.trim();
  const body: ModelProviderBody = {
    name: form.name.trim(),
    baseUrl: form.baseUrl.trim(),
    models,
    defaultModel: form.defaultModel || null,
    headers: headerInputs(form),
  };
  if (key) body.apiKey = key;
  else if (saved && form.removeKey) body.apiKey = null;
  return body;
}

/** The body of a model discovery: the typed base URL and key, the saved provider's otherwise. */
export function discoverBody(form: ProviderForm, providerId: string | null): DiscoverBody {
  const key = form.apiKey.trim();
  return {
    ...(providerId ? { providerId } : {}),
    baseUrl: form.baseUrl.trim(),
    ...(key ? { apiKey: key } : {}),
    headers: headerInputs(form),
  };
}

/** The models after a discovery: those listed keep their prices, new ones are added. */
export function mergeModels(
  current: ProviderForm['models'],
  found: string[],
): ProviderForm['models'] {
  const known = new Set(current.map((model) => model.id.trim()));
  return [
    ...current.filter((model) => model.id.trim() !== ''),
    ...found.filter((id) => !known.has(id)).map((id) => ({ id, inputPrice: '', outputPrice: '' })),
  ];
}
