import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Joins words as a list of the current language ("read, update"; "قراءة وتعديل"); `long` adds "and". */
export function useListFormat(
  style: Intl.ListFormatStyle = 'narrow',
): (items: readonly string[]) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const format = new Intl.ListFormat(language, { style, type: 'conjunction' });
    return (items) => format.format(items);
  }, [language, style]);
}
