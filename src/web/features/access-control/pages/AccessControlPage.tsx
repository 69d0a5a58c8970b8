import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { effectiveRules } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { EffectiveRulesTable } from '../components/EffectiveRulesTable';
import { PermissionMatrix } from '../components/PermissionMatrix';

/** Super admins only: the signed-in user's effective rules and the role permission matrix. */
export function AccessControlPage() {
  const { t } = useTranslation();
  const rules = useAuthState((state) => state.rules);
  const superAdmin = useAuthState((state) => state.userData?.super_admin ?? false);

  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {t('accessControl.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('accessControl.subtitle')}
        </Typography>
      </Box>

      <Card variant="outlined" component="section" aria-labelledby="acl-effective">
        <CardContent>
          <Typography id="acl-effective" variant="h6" component="h2">
            {t('accessControl.effective.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {t('accessControl.effective.intro')}
          </Typography>
          <EffectiveRulesTable
            rules={effectiveRules(rules, superAdmin)}
            labelledBy="acl-effective"
          />
        </CardContent>
      </Card>

      <Card variant="outlined" component="section" aria-labelledby="acl-matrix">
        <CardContent>
          <Typography id="acl-matrix" variant="h6" component="h2">
            {t('accessControl.matrix.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {t('accessControl.matrix.intro')}
          </Typography>
          <PermissionMatrix labelledBy="acl-matrix" />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('accessControl.matrix.deleted')}
          </Typography>
        </CardContent>
      </Card>
    </Stack>
  );
}
