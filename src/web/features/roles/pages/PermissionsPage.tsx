import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  IconAsterisk,
  IconCircleCheckFilled,
  IconMinus,
  IconUserCheck,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { RouterButton } from '../../../components/RouterLink';
import { visuallyHidden } from '../../../components/visually-hidden';
import { permissionMatrix, PERMISSION_HOLDERS, type Coverage } from '../permissions';
import { SectionCard } from '../../../components/SectionCard';

const MATRIX = permissionMatrix();

const COVERAGE: Record<Coverage, { icon: Icon; color: string }> = {
  direct: { icon: IconCircleCheckFilled, color: 'success.main' },
  own: { icon: IconUserCheck, color: 'info.main' },
  wildcard: { icon: IconAsterisk, color: 'primary.main' },
  everyone: { icon: IconUsersGroup, color: 'secondary.main' },
  none: { icon: IconMinus, color: 'text.disabled' },
};
const LEGEND: Coverage[] = ['direct', 'own', 'wildcard', 'everyone', 'none'];

function CoverageMark({ coverage, withText = false }: { coverage: Coverage; withText?: boolean }) {
  const { t } = useTranslation();
  const { icon: MarkIcon, color } = COVERAGE[coverage];
  const label = t(`users.permissions.coverage.${coverage}`);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box component="span" sx={{ display: 'inline-flex', color }}>
        <MarkIcon size={20} aria-hidden />
      </Box>
      {withText ? (
        <span>{label}</span>
      ) : (
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      )}
    </Box>
  );
}

/** /apps/permissions: subjects × actions × roles, read from the rule table the server enforces. */
export function PermissionsPage() {
  const { t } = useTranslation();

  return (
    <Stack spacing={3}>
      <PageHeader
        title={t('users.permissions.title')}
        subtitle={t('users.permissions.subtitle')}
        action={
          <RouterButton to="/apps/roles" variant="outlined" sx={{ flexShrink: 0 }}>
            {t('users.permissions.rolesLink')}
          </RouterButton>
        }
      />

      <Card variant="outlined" component="section" aria-labelledby="permissions-legend">
        <CardContent>
          <Typography id="permissions-legend" variant="overline" component="h2">
            {t('users.permissions.legend')}
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 3 }}
          >
            {LEGEND.map((coverage) => (
              <li key={coverage}>
                <CoverageMark coverage={coverage} withText />
              </li>
            ))}
          </Box>
        </CardContent>
      </Card>

      <SectionCard
        id="permissions-matrix"
        title={t('users.permissions.matrixTitle')}
        headingGap={2}
      >
        <TableContainer tabIndex={0} role="region" aria-labelledby="permissions-matrix">
          <Table size="small" aria-labelledby="permissions-matrix">
            <TableHead>
              <TableRow>
                <TableCell scope="col">{t('users.permissions.subject')}</TableCell>
                <TableCell scope="col">{t('users.permissions.action')}</TableCell>
                {PERMISSION_HOLDERS.map((who) => (
                  <TableCell key={who} scope="col" align="center">
                    {t(`users.who.${who}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            {MATRIX.map(({ subject, lines }) => (
              <TableBody key={subject}>
                {lines.map(({ action, cells }, index) => (
                  <TableRow key={action} hover>
                    {index === 0 ? (
                      <TableCell
                        component="th"
                        scope="rowgroup"
                        rowSpan={lines.length}
                        sx={{ fontWeight: 600, verticalAlign: 'top' }}
                      >
                        {t(`users.subjects.${subject}`)}
                      </TableCell>
                    ) : null}
                    <TableCell component="th" scope="row" sx={{ fontWeight: 400 }}>
                      {t(`users.actions.${action}`)}
                    </TableCell>
                    {PERMISSION_HOLDERS.map((who) => (
                      <TableCell key={who} align="center">
                        <CoverageMark coverage={cells[who]} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            ))}
          </Table>
        </TableContainer>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('users.permissions.deletedNote')}
        </Typography>
      </SectionCard>
    </Stack>
  );
}
