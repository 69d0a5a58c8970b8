import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { THEMES, type Theme } from '../../../shared/constants';
import { setPreferences, usePreference } from '../../lib/preferences';

const ICONS = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop } as const;

/** Light, dark or system (follows the device live); stored in the `theme` cookie. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const menuId = useId();
  const theme = usePreference('theme');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const CurrentIcon = ICONS[theme];

  const choose = (value: Theme) => {
    setPreferences({ theme: value });
    setAnchor(null);
  };

  return (
    <>
      <Tooltip title={t('layout.theme.label')}>
        <IconButton
          aria-label={t('layout.theme.buttonLabel', { theme: t(`layout.theme.${theme}`) })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <CurrentIcon size={22} aria-hidden />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, minWidth: 180 } } }}
      >
        {THEMES.map((value) => {
          const Icon = ICONS[value];
          const selected = value === theme;
          return (
            <MenuItem
              key={value}
              selected={selected}
              role="menuitemradio"
              aria-checked={selected}
              onClick={() => choose(value)}
            >
              <ListItemIcon>
                <Icon size={20} aria-hidden />
              </ListItemIcon>
              <ListItemText primary={t(`layout.theme.${value}`)} />
              {selected ? <IconCheck size={18} aria-hidden /> : null}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
