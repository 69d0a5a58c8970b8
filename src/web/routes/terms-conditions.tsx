import { createFileRoute } from '@tanstack/react-router';
import { TermsConditionsPage } from '../features/legal/pages/TermsConditionsPage';

export const Route = createFileRoute('/terms-conditions')({
  staticData: { name: 'terms-conditions', meta: { layout: 'blank', public: true } },
  component: TermsConditionsPage,
});
