import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/LegalDocument';

const SECTIONS = [
  'controller',
  'data',
  'purposes',
  'agents',
  'subprocessors',
  'cookies',
  'retention',
  'security',
  'rights',
  'changes',
  'contact',
] as const;

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('legal.privacy.title')}
      intro={t('legal.privacy.intro')}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`legal.privacy.sections.${id}.title`),
        body: t(`legal.privacy.sections.${id}.body`),
      }))}
      other={{ to: '/terms-conditions', label: t('legal.terms.title') }}
    />
  );
}
