import MenuItem from '@mui/material/MenuItem';
import Select, { type SelectChangeEvent } from '@mui/material/Select';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, LANGUAGES } from '../lib/i18n';

/** Language select; the choice is stored and sets <html lang dir> (see lib/i18n). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;

  const onChange = (event: SelectChangeEvent) => {
    const code = event.target.value;
    if (isLanguageCode(code)) void i18n.changeLanguage(code);
  };

  return (
    <Select
      size="small"
      value={isLanguageCode(current) ? current : 'en'}
      onChange={onChange}
      inputProps={{ 'aria-label': t('language.label') }}
      startAdornment={<IconLanguage size={18} aria-hidden style={{ marginInlineEnd: 8 }} />}
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
