import { useTranslation } from 'react-i18next';
import { RouterButton } from '../../../components/RouterLink';
import { StatusPage } from '../components/StatusPage';

/** Unknown path (spec: not-found page). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code={t('notFound.code')}
      title={t('notFound.title')}
      body={t('notFound.body')}
      action={
        <RouterButton to="/" variant="contained">
          {t('notFound.home')}
        </RouterButton>
      }
    />
  );
}
