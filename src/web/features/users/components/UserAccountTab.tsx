import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { UserDetail } from '../api/users';
import { RoleChip } from './common';
import { SectionCard } from '../../../components/SectionCard';

/** The account tab: the organisations the user belongs to (those the viewer may see). */
export function UserAccountTab({ account }: { account: UserDetail['account'] }) {
  const { t } = useTranslation();
  return (
    <SectionCard
      id="user-memberships-title"
      title={t('users.view.memberships.title')}
      intro={
        account.superAdmin
          ? t('users.view.memberships.introSuperAdmin')
          : t('users.view.memberships.intro')
      }
    >
      {account.memberships.length === 0 ? (
        <Typography color="text.secondary">{t('users.view.memberships.empty')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="user-memberships-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('users.view.memberships.organization')}</TableCell>
                <TableCell>{t('users.view.memberships.role')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {account.memberships.map((membership) => (
                <TableRow key={membership.organizationId}>
                  <TableCell>
                    <bdi>{membership.name}</bdi>
                  </TableCell>
                  <TableCell>
                    <RoleChip role={membership.role} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </SectionCard>
  );
}
