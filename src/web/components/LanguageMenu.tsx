import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../lib/i18n';
import { useLanguageChoice } from './LanguageSwitcher';

/**
 * The navbar's language button with a menu (the signed-in layout's compact LanguageSwitcher);
 * its own file so that the blank-layout pages do not load the tooltip and menu.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { current, change: onChange } = useLanguageChoice();
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
