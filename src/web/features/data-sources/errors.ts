import { useTranslation } from 'react-i18next';
import { describeFailure, thrownToFailure } from '../../lib/errors';

/** The text to show for a failed call: a known code translated, else the server's message. */
export function useDataSourceErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return (error) => describeFailure(t, i18n.language, thrownToFailure(error));
}
