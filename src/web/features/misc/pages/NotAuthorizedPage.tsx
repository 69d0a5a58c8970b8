import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLink';
import { StatusPage } from '../components/StatusPage';

/** Where the guard sends a denied navigation (spec section 2). */
export function NotAuthorizedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={t('notAuthorized.code')}
      title={t('notAuthorized.title')}
      body={t('notAuthorized.body')}
      action={
        <RouterButton to="/" variant="contained">
          {t('notAuthorized.home')}
        </RouterButton>
      }
    />
  );
}
