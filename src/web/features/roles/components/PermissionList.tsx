import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AbilityWho } from '../../../../shared/abilities';
import { permissionsOf } from '../permissions';

/** One holder's permissions from the rule table: a line per subject, with its actions. */
export function PermissionList({ who, labelledBy }: { who: AbilityWho; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-labelledby={labelledBy}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {permissionsOf(who).map(({ subject, actions, own }) => (
        <Box
          component="li"
          key={`${subject}-${own}`}
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}
        >
          <Typography component="span" sx={{ fontWeight: 600, marginInlineEnd: 0.5 }}>
            {t(`users.subjects.${subject}`)}
          </Typography>
          {actions.map((action) => (
            <Chip
              key={action}
              size="small"
              variant="outlined"
              color={action === 'manage' ? 'primary' : 'default'}
              label={
                own
                  ? t('users.permissions.ownAction', { action: t(`users.actions.${action}`) })
                  : t(`users.actions.${action}`)
              }
            />
          ))}
        </Box>
      ))}
    </Box>
  );
}
