import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { effectiveRules } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { AccessSummaryList } from '../components/AccessSummaryList';
import { EffectiveRulesTable } from '../components/EffectiveRulesTable';
import { PermissionMatrix } from '../components/PermissionMatrix';
import { RulesDisclosure } from '../components/RulesDisclosure';
import { SectionCard } from '../../../components/SectionCard';

/**
 * Super admins only: what the signed-in user may do, in words (the raw rules behind a toggle),
 * and the role permission matrix.
 */
export function AccessControlPage() {
  const { t } = useTranslation();
  const rules = useAuthState((state) => state.rules);
  const superAdmin = useAuthState((state) => state.userData?.super_admin ?? false);
  const effective = effectiveRules(rules, superAdmin);

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
        id="acl-summary"
        title={t('accessControl.summary.title')}
        intro={t('accessControl.summary.intro')}
      >
        <AccessSummaryList rules={effective} labelledBy="acl-summary" />
        <RulesDisclosure label={t('accessControl.summary.showRules')}>
          <Typography id="acl-effective" variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {t('accessControl.effective.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('accessControl.effective.intro')}
          </Typography>
          <EffectiveRulesTable rules={effective} labelledBy="acl-effective" />
        </RulesDisclosure>
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
