import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { OrganizationList } from '../components/OrganizationList';
import { Welcome } from '../components/Welcome';
import { SectionCard } from '../../../components/SectionCard';

/** The signed-in home (/): a welcome and the user's organisations. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={4}>
      <Welcome />
      <SectionCard id="home-organizations" title={t('home.organizations')} headingGap={1}>
        <OrganizationList />
      </SectionCard>
    </Stack>
  );
}
