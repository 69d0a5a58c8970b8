import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicyPage } from '../features/legal/pages/PrivacyPolicyPage';

export const Route = createFileRoute('/privacy-policy')({
  staticData: { name: 'privacy-policy', meta: { layout: 'blank', public: true } },
  component: PrivacyPolicyPage,
});
