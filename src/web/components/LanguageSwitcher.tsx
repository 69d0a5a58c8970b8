import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Select, { type SelectChangeEvent } from '@mui/material/Select';
import Tooltip from '@mui/material/Tooltip';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguageCode, LANGUAGES, type LanguageCode } from '../lib/i18n';

/**
 * Language switcher; the choice is stored and sets <html lang dir> (see lib/i18n). `select`
 * (default) is a labelled select for pages without a navbar; `icon` is the navbar's compact
 * button with a menu.
 */
export function LanguageSwitcher({
  variant = 'select',
  fullWidth = false,
}: {
  variant?: 'select' | 'icon';
  fullWidth?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  const current: LanguageCode = isLanguageCode(resolved) ? resolved : 'en';
  const change = (code: string) => {
    if (isLanguageCode(code) && code !== current) void i18n.changeLanguage(code);
  };
  if (variant === 'icon') return <LanguageMenu current={current} onChange={change} />;

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

function LanguageMenu({
  current,
  onChange,
}: {
  current: LanguageCode;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('language.label')}>
        <IconButton
          aria-label={t('layout.languageButton', { language: t(`language.${current}`) })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <IconLanguage size={22} aria-hidden />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, minWidth: 170 } } }}
      >
        {LANGUAGES.map(({ code }) => {
          const selected = code === current;
          return (
            <MenuItem
              key={code}
              lang={code}
              selected={selected}
              role="menuitemradio"
              aria-checked={selected}
              onClick={() => {
                setAnchor(null);
                onChange(code);
              }}
            >
              <ListItemText primary={t(`language.${code}`)} />
              {selected ? <IconCheck size={18} aria-hidden /> : null}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
