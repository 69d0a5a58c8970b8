import MenuItem from '@mui/material/MenuItem';
import Select, { type SelectChangeEvent } from '@mui/material/Select';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, LANGUAGES, type LanguageCode } from '../lib/i18n';

/** The current language and a change to another; the choice is stored (see lib/i18n). */
export function useLanguageChoice(): { current: LanguageCode; change: (code: string) => void } {
  const { i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const current: LanguageCode = isLanguageCode(resolved) ? resolved : 'en';
  const change = (code: string) => {
    if (isLanguageCode(code) && code !== current) void i18n.changeLanguage(code);
  };
  return { current, change };
}

/**
 * Language switcher; the choice is stored and sets <html lang dir> (see lib/i18n): a labelled
 * select for pages without a navbar. The navbar's compact button with a menu is LanguageMenu.
 */
export function LanguageSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const { current, change } = useLanguageChoice();

  const onChange = (event: SelectChangeEvent) => change(event.target.value);
  return (
    <Select
      size="small"
      value={current}
      onChange={onChange}
      inputProps={{ 'aria-label': t('language.label') }}
      startAdornment={<IconLanguage size={18} aria-hidden style={{ marginInlineEnd: 8 }} />}
      fullWidth={fullWidth}
      sx={{ minWidth: 150, bgcolor: 'background.paper' }}
    >
      {LANGUAGES.map(({ code }) => (
        <MenuItem key={code} value={code} lang={code}>
          {t(`language.${code}`)}
        </MenuItem>
      ))}
    </Select>
  );
}
