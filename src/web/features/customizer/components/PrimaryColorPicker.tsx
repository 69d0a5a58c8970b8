import Box from '@mui/material/Box';
import { useColorScheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { IconCheck, IconColorPicker } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { setPreferences, type Preferences } from '../../../lib/preferences';
import { COLORS } from '../../../theme/theme';
import { PRIMARY_PRESETS, primaryColorsFor } from '../../../theme/colors';

/** The primary colour: a preset swatch or a custom colour (per colour scheme). */
export function PrimaryColorPicker({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation();
  const id = useId();
  const { colorScheme } = useColorScheme();
  const scheme = colorScheme === 'dark' ? 'dark' : 'light';
  const current =
    (scheme === 'dark' ? preferences.darkPrimary : preferences.lightPrimary) ??
    COLORS[scheme].primary;
  const presetSelected = PRIMARY_PRESETS.some(
    (preset) => preset[scheme].toUpperCase() === current.toUpperCase(),
  );

  const choosePreset = (light: string, dark: string) => {
    const isDefault = light === COLORS.light.primary && dark === COLORS.dark.primary;
    if (isDefault) {
      setPreferences({
        lightPrimary: null,
        lightPrimaryDarken: null,
        darkPrimary: null,
        darkPrimaryDarken: null,
      });
      return;
    }
    const colors = primaryColorsFor(light, dark);
    setPreferences({
      lightPrimary: colors.light,
      lightPrimaryDarken: colors.lightDarken,
      darkPrimary: colors.dark,
      darkPrimaryDarken: colors.darkDarken,
    });
  };

  const chooseCustom = (color: string) => {
    const colors = primaryColorsFor(color);
    setPreferences(
      scheme === 'dark'
        ? { darkPrimary: colors.dark, darkPrimaryDarken: colors.darkDarken }
        : { lightPrimary: colors.light, lightPrimaryDarken: colors.lightDarken },
    );
  };

  return (
    <Box sx={{ mb: 3 }}>
      <Typography id={`${id}-label`} variant="body2" sx={{ fontWeight: 500, mb: 1 }}>
        {t('layout.customizer.primaryColor')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25 }}>
        <Box
          role="radiogroup"
          aria-labelledby={`${id}-label`}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25 }}
        >
          {PRIMARY_PRESETS.map((preset) => {
            const color = preset[scheme];
            const checked = color.toUpperCase() === current.toUpperCase();
            return (
              <Box
                key={preset.id}
                component="label"
                title={t(`layout.customizer.presets.${preset.id}`)}
                sx={swatchSx(checked)}
              >
                <Box
                  component="input"
                  type="radio"
                  name={id}
                  checked={checked}
                  onChange={() => choosePreset(preset.light, preset.dark)}
                  aria-label={t(`layout.customizer.presets.${preset.id}`)}
                  sx={hiddenInputSx}
                />
                <Box
                  sx={{
                    width: 30,
                    height: 30,
                    borderRadius: 1,
                    bgcolor: color,
                    display: 'grid',
                    placeItems: 'center',
                    color: '#fff',
                  }}
                >
                  {checked ? <IconCheck size={18} aria-hidden /> : null}
                </Box>
              </Box>
            );
          })}
        </Box>
        <Box
          component="label"
          title={t('layout.customizer.customColor')}
          sx={swatchSx(!presetSelected)}
        >
          <Box
            component="input"
            type="color"
            value={current.toLowerCase()}
            onChange={(event) => chooseCustom(event.target.value)}
            aria-label={t('layout.customizer.customColorFor', {
              theme: t(`layout.theme.${scheme}`),
            })}
            sx={hiddenInputSx}
          />
          <Box
            sx={{
              width: 30,
              height: 30,
              borderRadius: 1,
              display: 'grid',
              placeItems: 'center',
              bgcolor: presetSelected ? 'action.hover' : current,
              color: presetSelected ? 'text.secondary' : '#fff',
            }}
          >
            <IconColorPicker size={18} aria-hidden />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

const hiddenInputSx = {
  position: 'absolute',
  opacity: 0,
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  cursor: 'pointer',
  zIndex: 1,
} as const;

const swatchSx = (checked: boolean) =>
  ({
    position: 'relative',
    display: 'grid',
    placeItems: 'center',
    width: 44,
    height: 44,
    borderRadius: 1.5,
    border: checked ? 2 : 1,
    borderColor: checked ? 'primary.main' : 'divider',
    cursor: 'pointer',
    '&:has(input:focus-visible)': {
      outline: '2px solid',
      outlineColor: 'primary.main',
      outlineOffset: 2,
    },
  }) as const;
