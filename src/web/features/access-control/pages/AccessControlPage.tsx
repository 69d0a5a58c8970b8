import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { effectiveRules } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { EffectiveRulesTable } from '../components/EffectiveRulesTable';
import { PermissionMatrix } from '../components/PermissionMatrix';
import { SectionCard } from '../../../components/SectionCard';

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

      <SectionCard
        id="acl-effective"
        title={t('accessControl.effective.title')}
        intro={t('accessControl.effective.intro')}
      >
        <EffectiveRulesTable rules={effectiveRules(rules, superAdmin)} labelledBy="acl-effective" />
      </SectionCard>

      <SectionCard
        id="acl-matrix"
        title={t('accessControl.matrix.title')}
        intro={t('accessControl.matrix.intro')}
      >
        <PermissionMatrix labelledBy="acl-matrix" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('accessControl.matrix.deleted')}
        </Typography>
      </SectionCard>
    </Stack>
  );
}
