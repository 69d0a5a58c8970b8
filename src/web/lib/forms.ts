import type { TFunction } from 'i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import base from '../locales/en/base.json';

/** react-hook-form's `register` for an MUI TextField: the ref goes to the <input>, not the root. */
export function muiRegister<TName extends string>({ ref, ...field }: UseFormRegisterReturn<TName>) {
  return { ...field, inputRef: ref };
}

type ValidationKey = `validation.${keyof typeof base.validation}`;

function isValidationKey(message: string): message is ValidationKey {
  return (
    message.startsWith('validation.') && message.slice('validation.'.length) in base.validation
  );
}

/**
 * Schemas carry locale keys as messages (e.g. "validation.required"); this translates one,
 * with the field's limits as parameters ({{min}}, {{max}}).
 */
export function validationText(
  t: TFunction,
  message: string | undefined,
  params?: { min?: number; max?: number },
): string | undefined {
  if (!message) return undefined;
  return isValidationKey(message) ? t(message, params ?? {}) : message;
}
