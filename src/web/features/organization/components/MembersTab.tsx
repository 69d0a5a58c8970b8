import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { PersonAvatar } from '../../../components/PersonAvatar';
import { YouChip } from '../../../components/PersonChips';
import { useTranslation } from 'react-i18next';
import { ORG_ROLES } from '../../../../shared/constants';
import { refreshUser, useAuthState } from '../../../lib/auth-store';
import { formatDate } from '../../../lib/format';
import { roleLabel } from '../../../lib/organization';
import {
  membersQueryOptions,
  useChangeMemberRole,
  useRemoveMember,
  type CurrentOrganization,
  type Member,
} from '../api/organization';
import { errorText } from '../../../lib/error-text';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { SearchField } from '../../../components/SearchField';
import { TablePager, useTablePaging } from '../../../components/TablePager';
import { EmptyRow, SkeletonRows } from '../../../components/TableStates';
import { useConfirmTarget } from '../../../components/useConfirmTarget';

const COLUMNS = 4;

/** The members of the selected organisation: search, role change, removal. */
export function MembersTab({
  organization,
  canManage,
}: {
  organization: CurrentOrganization;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const router = useRouter();
  const userId = useAuthState((state) => state.userData?.id ?? null);
  const [search, setSearch] = useState('');
  const paging = useTablePaging();
  const { page, pageSize } = paging;
  const debouncedSearch = useDebouncedValue(search);
  const members = useQuery(
    membersQueryOptions(organization.id, { page, pageSize, search: debouncedSearch }),
  );
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const removal = useConfirmTarget(
    remove,
    (member: Member) => member,
    (member) =>
      enqueueSnackbar(t('organization.members.removed', { name: member.name }), {
        variant: 'success',
      }),
  );
  const removing = removal.target;

  // The only admin can be neither demoted nor removed (the server answers 409 anyway).
  const isLastAdmin = (member: Member) => member.role === 'admin' && organization.adminCount <= 1;

  const onRoleChange = (member: Member, role: string) => {
    if (role === member.role) return;
    changeRole.mutate(
      { member, role },
      {
        onSuccess: async () => {
          enqueueSnackbar(
            t('organization.members.roleChanged', { name: member.name, role: roleLabel(t, role) }),
            { variant: 'success' },
          );
          // Your own role changed: new rules, and this page may no longer be yours to see.
          if (member.userId === userId) {
            await refreshUser();
            await router.invalidate();
          }
        },
        onError: (error) =>
          enqueueSnackbar(errorText(t, i18n.language, error), { variant: 'error' }),
      },
    );
  };

  const rows = members.data?.items ?? [];
  const searching = debouncedSearch.trim() !== '';
  return (
    <Card>
      <CardHeader
        title={t('organization.members.title')}
        subheader={t('organization.members.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
        action={
          <SearchField
            value={search}
            onChange={(value) => {
              setSearch(value);
              paging.onPageChange(1);
            }}
            label={t('organization.members.search')}
            placeholder={t('organization.members.searchPlaceholder')}
            sx={{ minWidth: { sm: 280 }, mt: { xs: 2, sm: 0 } }}
          />
        }
        sx={{ flexWrap: 'wrap', '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      {organization.adminCount <= 1 && canManage ? (
        <Alert severity="info" sx={{ mx: 2, mb: 2 }}>
          {t('organization.members.lastAdminHint')}
        </Alert>
      ) : null}
      {members.isError ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <ErrorAlert error={members.error} onRetry={() => void members.refetch()} />
        </Box>
      ) : null}
      <TableContainer>
        <Table aria-label={t('organization.members.title')} aria-busy={members.isFetching}>
          <TableHead>
            <TableRow>
              <TableCell>{t('organization.members.columns.member')}</TableCell>
              <TableCell>{t('organization.members.columns.role')}</TableCell>
              <TableCell>{t('organization.members.columns.joined')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {members.isPending ? <SkeletonRows columns={COLUMNS} rows={3} /> : null}
            {members.isSuccess && rows.length === 0 ? (
              <EmptyRow
                columns={COLUMNS}
                text={
                  searching
                    ? t('organization.members.noMatch', { search: debouncedSearch.trim() })
                    : t('organization.members.empty')
                }
              />
            ) : null}
            {rows.map((member) => {
              const lastAdmin = isLastAdmin(member);
              const you = member.userId === userId;
              return (
                <TableRow key={member.id} hover>
                  <TableCell>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <PersonAvatar name={member.name} image={member.avatar || null} size={36} />
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {member.name}
                          {you ? <YouChip /> : null}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" dir="ltr">
                          {member.email}
                        </Typography>
                      </Box>
                    </Stack>
                  </TableCell>
                  <TableCell>
                    {canManage ? (
                      <Tooltip
                        title={lastAdmin ? t('organization.members.lastAdminTooltip') : ''}
                        describeChild
                      >
                        <span>
                          <TextField
                            select
                            size="small"
                            value={member.role}
                            disabled={lastAdmin || changeRole.isPending}
                            onChange={(event) => onRoleChange(member, event.target.value)}
                            slotProps={{
                              htmlInput: {
                                'aria-label': t('organization.members.roleOf', {
                                  name: member.name,
                                }),
                              },
                            }}
                            sx={{ minWidth: 140 }}
                          >
                            {ORG_ROLES.map((role) => (
                              <MenuItem key={role} value={role}>
                                {roleLabel(t, role)}
                              </MenuItem>
                            ))}
                          </TextField>
                        </span>
                      </Tooltip>
                    ) : (
                      <Chip size="small" variant="outlined" label={roleLabel(t, member.role)} />
                    )}
                  </TableCell>
                  <TableCell>{formatDate(member.joinedAt, undefined, i18n.language)}</TableCell>
                  <TableCell align="right">
                    {canManage && !you ? (
                      <Tooltip
                        title={
                          lastAdmin
                            ? t('organization.members.lastAdminTooltip')
                            : t('organization.members.remove', { name: member.name })
                        }
                      >
                        <span>
                          <IconButton
                            color="error"
                            disabled={lastAdmin}
                            onClick={() => removal.ask(member)}
                            aria-label={t('organization.members.remove', { name: member.name })}
                          >
                            <IconTrash size={20} aria-hidden />
                          </IconButton>
                        </span>
                      </Tooltip>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {members.data ? <TablePager total={members.data.total} {...paging} /> : null}
      <ConfirmDialog
        destructive
        title={t('organization.members.confirmRemove.title', { name: removing?.name ?? '' })}
        body={t('organization.members.confirmRemove.body', {
          name: removing?.name ?? '',
          organization: organization.name,
        })}
        confirmLabel={t('organization.members.confirmRemove.confirm')}
        {...removal.dialog}
      />
    </Card>
  );
}
