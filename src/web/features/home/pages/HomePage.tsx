import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { OrganizationList } from '../components/OrganizationList';
import { Welcome } from '../components/Welcome';

/** The signed-in home (/): a welcome and the user's organisations. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={4}>
      <Welcome />
      <Card variant="outlined" component="section" aria-labelledby="home-organizations">
        <CardContent>
          <Typography id="home-organizations" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('home.organizations')}
          </Typography>
          <OrganizationList />
        </CardContent>
      </Card>
    </Stack>
  );
}
