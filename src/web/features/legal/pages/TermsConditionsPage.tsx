import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/LegalDocument';

const SECTIONS = [
  'service',
  'accounts',
  'organizations',
  'acceptableUse',
  'content',
  'ai',
  'availability',
  'liability',
  'termination',
  'changes',
  'contact',
] as const;

export function TermsConditionsPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('legal.terms.title')}
      intro={t('legal.terms.intro')}
      sections={SECTIONS.map((id) => ({
        id,
        title: t(`legal.terms.sections.${id}.title`),
        body: t(`legal.terms.sections.${id}.body`),
      }))}
      other={{ to: '/privacy-policy', label: t('legal.privacy.title') }}
    />
  );
}
