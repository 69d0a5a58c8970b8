import { PersonAvatar } from '../../../components/PersonAvatar';
import { SuperAdminBadge, YouChip } from '../../../components/PersonChips';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IconBuilding, IconDotsVertical } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshUser, useAuthState } from '../../../lib/auth-store';
import { formatDate, formatNumber } from '../../../lib/format';
import {
  adminUsersQueryOptions,
  useEndSessions,
  useUserAction,
  type AdminUser,
} from '../api/admin';

import { BanDialog } from './BanDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SearchField } from '../../../components/SearchField';
import { MembershipsDialog } from './MembershipsDialog';
import { useTabListState } from '../../../lib/useTabListState';
import {
  CONSOLE_LIST_DEFAULTS,
  consolePageParams,
  usersTabSearchSchema,
} from '../super-admin-tabs';
import { ConsoleTable } from './ConsoleTable';
import { UserMenuItems, type UserDialogKind } from './UserMenuItems';
import { UserStatusChip } from './UserStatusChip';

type StatusFilter = 'all' | 'active' | 'banned';
type FlagFilter = 'all' | 'superAdmin' | 'regular';

type Dialog = { kind: UserDialogKind; user: AdminUser } | null;

/** Every user: search and filters, the super-admin flag, bans, sessions and memberships. */
export function UsersTab() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const currentUserId = useAuthState((state) => state.userData?.id ?? null);
  const list = useTabListState(usersTabSearchSchema, {
    defaults: CONSOLE_LIST_DEFAULTS,
    filters: ['status', 'flag'],
  });
  const status: StatusFilter = list.search.status ?? 'all';
  const flag: FlagFilter = list.search.flag ?? 'all';
  const users = useQuery(
    adminUsersQueryOptions({
      ...consolePageParams(list),
      banned: status === 'all' ? undefined : status === 'banned',
      superAdmin: flag === 'all' ? undefined : flag === 'superAdmin',
    }),
  );
  const action = useUserAction();
  const endSessions = useEndSessions();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: AdminUser } | null>(null);

  const open = (kind: UserDialogKind, user: AdminUser) => {
    setMenu(null);
    action.reset();
    endSessions.reset();
    setDialog({ kind, user });
  };
  const close = () => setDialog(null);

  const runFlag = (user: AdminUser, grant: boolean) =>
    action.mutate(
      { kind: grant ? 'grant' : 'revoke', userId: user.id },
      {
        onSuccess: async () => {
          close();
          enqueueSnackbar(
            t(grant ? 'admin.users.granted' : 'admin.users.revoked', { name: user.name }),
            { variant: 'success' },
          );
          if (!grant && user.id === currentUserId) {
            // Without the flag this console is no longer yours.
            await refreshUser();
            void navigate({ to: '/' });
          }
        },
      },
    );

  const runUnban = (user: AdminUser) =>
    action.mutate(
      { kind: 'unban', userId: user.id },
      {
        onSuccess: () => {
          close();
          enqueueSnackbar(t('admin.users.unbanned', { name: user.name }), { variant: 'success' });
        },
      },
    );

  const runEndSessions = (user: AdminUser) =>
    endSessions.mutate(user.id, {
      onSuccess: ({ revoked }) => {
        close();
        enqueueSnackbar(
          t('admin.users.sessionsEnded', {
            name: user.name,
            count: formatNumber(revoked, {}, i18n.language),
          }),
          { variant: 'success' },
        );
      },
    });

  const items = users.data?.items ?? [];
  const target = dialog?.user;

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <SearchField
          label={t('admin.users.search')}
          value={list.searchText}
          onChange={list.setSearchText}
          sx={{ flex: '1 1 240px', maxWidth: 400 }}
        />
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="admin-users-status">{t('admin.users.statusFilter')}</InputLabel>
          <Select
            labelId="admin-users-status"
            label={t('admin.users.statusFilter')}
            value={status}
            onChange={(event) => {
              const value = event.target.value as StatusFilter;
              list.update({ status: value === 'all' ? undefined : value });
            }}
          >
            <MenuItem value="all">{t('admin.common.all')}</MenuItem>
            <MenuItem value="active">{t('admin.users.filterActive')}</MenuItem>
            <MenuItem value="banned">{t('admin.users.filterBanned')}</MenuItem>
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="admin-users-flag">{t('admin.users.flagFilter')}</InputLabel>
          <Select
            labelId="admin-users-flag"
            label={t('admin.users.flagFilter')}
            value={flag}
            onChange={(event) => {
              const value = event.target.value as FlagFilter;
              list.update({ flag: value === 'all' ? undefined : value });
            }}
          >
            <MenuItem value="all">{t('admin.common.all')}</MenuItem>
            <MenuItem value="superAdmin">{t('admin.users.filterSuperAdmins')}</MenuItem>
            <MenuItem value="regular">{t('admin.users.filterRegular')}</MenuItem>
          </Select>
        </FormControl>
      </Box>

      <ConsoleTable
        label={t('admin.users.tableLabel')}
        head={
          <>
            <TableCell>{t('admin.users.user')}</TableCell>
            <TableCell>{t('admin.users.status')}</TableCell>
            <TableCell>{t('admin.users.role')}</TableCell>
            <TableCell>{t('admin.users.memberships')}</TableCell>
            <TableCell>{t('admin.users.created')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </>
        }
        columns={6}
        query={users}
        empty={t('admin.users.empty')}
        paging={list.paging}
      >
        {items.map((user) => (
          <TableRow key={user.id} hover>
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <PersonAvatar name={user.name} image={user.image} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {user.name}
                    {user.id === currentUserId ? <YouChip /> : null}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" dir="ltr">
                    {user.email}
                  </Typography>
                </Box>
              </Box>
            </TableCell>
            <TableCell>
              <UserStatusChip status={user.status} />
              {user.banReason ? (
                <Typography
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block', mt: 0.5, maxWidth: 220 }}
                >
                  {t('admin.users.banReasonShown', { reason: user.banReason })}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              {user.superAdmin ? (
                <SuperAdminBadge />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {t('admin.users.regular')}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              <Button
                size="small"
                startIcon={<IconBuilding size={16} aria-hidden />}
                aria-label={t('admin.users.membershipsOf', {
                  name: user.name,
                  count: formatNumber(user.memberships.length, {}, i18n.language),
                })}
                onClick={() => open('memberships', user)}
              >
                {formatNumber(user.memberships.length, {}, i18n.language)}
              </Button>
            </TableCell>
            <TableCell>{formatDate(user.createdAt, undefined, i18n.language)}</TableCell>
            <TableCell align="right">
              <IconButton
                aria-label={t('admin.users.actionsFor', { name: user.name })}
                aria-haspopup="menu"
                onClick={(event) => setMenu({ anchor: event.currentTarget, user })}
              >
                <IconDotsVertical size={18} aria-hidden />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </ConsoleTable>

      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        {menu ? (
          <UserMenuItems user={menu.user} self={menu.user.id === currentUserId} onPick={open} />
        ) : null}
      </Menu>

      {target ? (
        <>
          <ConfirmDialog
            open={dialog.kind === 'grant' || dialog.kind === 'revoke'}
            title={t(
              dialog.kind === 'grant' ? 'admin.users.grantTitle' : 'admin.users.revokeTitle',
            )}
            body={t(
              dialog.kind === 'grant'
                ? 'admin.users.grantBody'
                : target.id === currentUserId
                  ? 'admin.users.revokeSelfBody'
                  : 'admin.users.revokeBody',
              { name: target.name, email: target.email },
            )}
            confirmLabel={t(dialog.kind === 'grant' ? 'admin.users.grant' : 'admin.users.revoke')}
            destructive={dialog.kind === 'revoke'}
            pending={action.isPending}
            error={action.error}
            onConfirm={() => runFlag(target, dialog.kind === 'grant')}
            onClose={close}
          />
          <ConfirmDialog
            open={dialog.kind === 'unban'}
            title={t('admin.users.unbanTitle')}
            body={t('admin.users.unbanBody', { name: target.name, email: target.email })}
            confirmLabel={t('admin.users.unban')}
            pending={action.isPending}
            error={action.error}
            onConfirm={() => runUnban(target)}
            onClose={close}
          />
          <ConfirmDialog
            open={dialog.kind === 'sessions'}
            title={t('admin.users.sessionsTitle')}
            body={t('admin.users.sessionsBody', { name: target.name, email: target.email })}
            confirmLabel={t('admin.users.endSessions')}
            destructive
            pending={endSessions.isPending}
            error={endSessions.error}
            onConfirm={() => runEndSessions(target)}
            onClose={close}
          />
          <BanDialog
            open={dialog.kind === 'ban'}
            user={target}
            pending={action.isPending}
            error={action.error}
            onSubmit={(reason) =>
              action.mutate(
                { kind: 'ban', userId: target.id, reason },
                {
                  onSuccess: () => {
                    close();
                    enqueueSnackbar(t('admin.users.banned', { name: target.name }), {
                      variant: 'success',
                    });
                  },
                },
              )
            }
            onClose={close}
          />
          <MembershipsDialog open={dialog.kind === 'memberships'} user={target} onClose={close} />
        </>
      ) : null}
    </Stack>
  );
}
