import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../lib/i18n';
import { ChoiceMenu } from './ChoiceMenu';
import { useLanguageChoice } from './LanguageSwitcher';

const CODES = LANGUAGES.map((language) => language.code);

/**
 * The navbar's language button with a menu (the signed-in layout's compact LanguageSwitcher);
 * its own file so that the blank-layout pages do not load the tooltip and menu.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { current, change } = useLanguageChoice();
  return (
    <ChoiceMenu
      tooltip={t('language.label')}
      buttonLabel={t('layout.languageButton', { language: t(`language.${current}`) })}
      buttonIcon={IconLanguage}
      options={CODES}
      value={current}
      optionLabel={(code) => t(`language.${code}`)}
      optionLang={(code) => code}
      onChoose={change}
      minWidth={170}
    />
  );
}
