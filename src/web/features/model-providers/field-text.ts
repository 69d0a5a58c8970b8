import { useTranslation } from 'react-i18next';
import { fieldMessageText } from '../../lib/error-text';
import { validationText } from '../../lib/forms';

/**
 * A field message in the user's language: the form's locale keys (`validation.*`,
 * `modelProviders.validation.*`) and the server's shared messages (through the error table).
 */
export function useFieldText() {
  const { t } = useTranslation();
  return (message: string | undefined, params?: { min?: number; max?: number }) => {
    if (!message) return undefined;
    if (message.startsWith('modelProviders.')) return (t as (key: string) => string)(message);
    if (message.startsWith('validation.')) return validationText(t, message, params);
    return fieldMessageText(t, message);
  };
}
