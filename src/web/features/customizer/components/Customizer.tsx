import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  IconArrowsHorizontal,
  IconBorderOuter,
  IconContainer,
  IconDeviceDesktop,
  IconEyeOff,
  IconLayoutBottombar,
  IconLayoutDashboard,
  IconLayoutNavbar,
  IconLayoutSidebar,
  IconLayoutSidebarLeftCollapse,
  IconMoon,
  IconPin,
  IconRefresh,
  IconSun,
  IconX,
} from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import {
  DEFAULT_PREFERENCES,
  resetPreferences,
  setPreferences,
  usePreferences,
  type Preferences,
} from '../../../lib/preferences';
import { OptionCards } from './OptionCards';
import { PrimaryColorPicker } from './PrimaryColorPicker';

const ICON = { size: 24, 'aria-hidden': true } as const;

type LayoutChoice = 'vertical' | 'collapsed' | 'horizontal';

function layoutChoice(preferences: Preferences): LayoutChoice {
  if (preferences.layoutNav === 'horizontal') return 'horizontal';
  return preferences.navCollapsed ? 'collapsed' : 'vertical';
}

/** Preferences that differ from the defaults (the scheme in effect is not a choice). */
function isCustomized(preferences: Preferences): boolean {
  return (Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]).some(
    (key) => key !== 'colorScheme' && preferences[key] !== DEFAULT_PREFERENCES[key],
  );
}

/** The navbar button that opens the theme customizer drawer. */
/**
 * The theme customizer (spec section 4, client preferences): theme, skin, semi-dark
 * navigation, primary colour, layout, content width, navbar, footer and blur, each applied at
 * once and kept in its cookie; reset goes back to the defaults.
 */
export function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const preferences = usePreferences();
  const customized = isCustomized(preferences);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        backdrop: { invisible: true },
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 400 }, display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 3, py: 2.5 }}>
        <Box sx={{ flex: 1 }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('layout.customizer.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('layout.customizer.subtitle')}
          </Typography>
        </Box>
        <Tooltip title={t('layout.customizer.reset')}>
          <IconButton aria-label={t('layout.customizer.reset')} onClick={resetPreferences}>
            <Badge color="primary" variant="dot" invisible={!customized}>
              <IconRefresh size={20} aria-hidden />
            </Badge>
          </IconButton>
        </Tooltip>
        <IconButton aria-label={t('layout.customizer.close')} onClick={onClose}>
          <IconX size={20} aria-hidden />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', px: 3, py: 3 }}>
        <Section title={t('layout.customizer.theming')}>
          <Box sx={{ mb: 3 }}>
            <Typography variant="body2" sx={{ fontWeight: 500, mb: 1 }}>
              {t('language.label')}
            </Typography>
            <LanguageSwitcher fullWidth />
          </Box>
          <PrimaryColorPicker preferences={preferences} />
          <OptionCards
            label={t('layout.customizer.theme')}
            value={preferences.theme}
            onChange={(theme) => setPreferences({ theme })}
            options={[
              { value: 'light', label: t('layout.theme.light'), icon: <IconSun {...ICON} /> },
              { value: 'dark', label: t('layout.theme.dark'), icon: <IconMoon {...ICON} /> },
              {
                value: 'system',
                label: t('layout.theme.system'),
                icon: <IconDeviceDesktop {...ICON} />,
              },
            ]}
          />
          <OptionCards
            label={t('layout.customizer.skin')}
            value={preferences.skin}
            onChange={(skin) => setPreferences({ skin })}
            columns={3}
            options={[
              {
                value: 'default',
                label: t('layout.customizer.skinDefault'),
                icon: <IconLayoutDashboard {...ICON} />,
              },
              {
                value: 'bordered',
                label: t('layout.customizer.skinBordered'),
                icon: <IconBorderOuter {...ICON} />,
              },
            ]}
          />
          <SwitchRow
            label={t('layout.customizer.semiDark')}
            checked={preferences.semiDarkNav}
            disabled={preferences.layoutNav === 'horizontal'}
            onChange={(semiDarkNav) => setPreferences({ semiDarkNav })}
          />
        </Section>

        <Section title={t('layout.customizer.layoutSection')}>
          <OptionCards<LayoutChoice>
            label={t('layout.customizer.layout')}
            value={layoutChoice(preferences)}
            onChange={(choice) =>
              setPreferences(
                choice === 'horizontal'
                  ? { layoutNav: 'horizontal' }
                  : { layoutNav: 'vertical', navCollapsed: choice === 'collapsed' },
              )
            }
            options={[
              {
                value: 'vertical',
                label: t('layout.customizer.layoutVertical'),
                icon: <IconLayoutSidebar {...ICON} />,
              },
              {
                value: 'collapsed',
                label: t('layout.customizer.layoutCollapsed'),
                icon: <IconLayoutSidebarLeftCollapse {...ICON} />,
              },
              {
                value: 'horizontal',
                label: t('layout.customizer.layoutHorizontal'),
                icon: <IconLayoutNavbar {...ICON} />,
              },
            ]}
          />
          <OptionCards
            label={t('layout.customizer.content')}
            value={preferences.contentWidth}
            onChange={(contentWidth) => setPreferences({ contentWidth })}
            options={[
              {
                value: 'boxed',
                label: t('layout.customizer.contentBoxed'),
                icon: <IconContainer {...ICON} />,
              },
              {
                value: 'fluid',
                label: t('layout.customizer.contentFluid'),
                icon: <IconArrowsHorizontal {...ICON} />,
              },
            ]}
          />
          <OptionCards
            label={t('layout.customizer.navbar')}
            value={preferences.layoutNav === 'horizontal' ? 'sticky' : preferences.navbarType}
            onChange={(navbarType) => setPreferences({ navbarType })}
            options={[
              {
                value: 'sticky',
                label: t('layout.customizer.navbarSticky'),
                icon: <IconPin {...ICON} />,
              },
              {
                value: 'hidden',
                label: t('layout.customizer.navbarHidden'),
                icon: <IconEyeOff {...ICON} />,
              },
            ]}
          />
          <OptionCards
            label={t('layout.customizer.footer')}
            value={preferences.footerType}
            onChange={(footerType) => setPreferences({ footerType })}
            options={[
              {
                value: 'static',
                label: t('layout.customizer.footerStatic'),
                icon: <IconLayoutBottombar {...ICON} />,
              },
              {
                value: 'hidden',
                label: t('layout.customizer.footerHidden'),
                icon: <IconEyeOff {...ICON} />,
              },
            ]}
          />
          <SwitchRow
            label={t('layout.customizer.navbarBlur')}
            checked={preferences.navbarBlur}
            onChange={(navbarBlur) => setPreferences({ navbarBlur })}
          />
        </Section>
      </Box>
    </Drawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography
        component="h3"
        variant="overline"
        sx={{
          display: 'inline-block',
          mb: 2,
          px: 1,
          borderRadius: 1,
          lineHeight: '24px',
          fontWeight: 600,
          color: 'primary.main',
          bgcolor: (theme) => theme.alpha(theme.vars.palette.primary.main, 0.12),
        }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function SwitchRow({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <FormControlLabel
      sx={{ display: 'flex', justifyContent: 'space-between', mx: 0, mb: 2 }}
      labelPlacement="start"
      label={label}
      disabled={disabled}
      control={<Switch checked={checked} onChange={(event) => onChange(event.target.checked)} />}
    />
  );
}

/**
 * Presets set the primary of both schemes (each preset has a light and a dark shade); the
 * custom colour sets the primary of the scheme in effect. Darken variants follow.
 */
