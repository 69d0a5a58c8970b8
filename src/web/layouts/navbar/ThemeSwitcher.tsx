import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { THEMES } from '../../../shared/constants';
import { ChoiceMenu } from '../../components/ChoiceMenu';
import { setPreferences, usePreference } from '../../lib/preferences';

const ICONS = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop } as const;

/** Light, dark or system (follows the device live); stored in the `theme` cookie. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const theme = usePreference('theme');
  return (
    <ChoiceMenu
      tooltip={t('layout.theme.label')}
      buttonLabel={t('layout.theme.buttonLabel', { theme: t(`layout.theme.${theme}`) })}
      buttonIcon={ICONS[theme]}
      options={THEMES}
      value={theme}
      optionLabel={(value) => t(`layout.theme.${value}`)}
      optionIcon={(value) => ICONS[value]}
      onChoose={(value) => setPreferences({ theme: value })}
      minWidth={180}
    />
  );
}
