import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectOrganization, useAuthState } from '../../../lib/auth-store';
import { formatDate, formatNumber } from '../../../lib/format';
import { adminOrganizationsQueryOptions, type AdminOrganization } from '../api/admin';
import { errorText } from '../../../lib/error-text';
import { useTabListState } from '../../../lib/useTabListState';
import {
  CONSOLE_LIST_DEFAULTS,
  consolePageParams,
  organizationsTabSearchSchema,
} from '../super-admin-tabs';
import { ConsoleTable } from './ConsoleTable';

/** Every organisation with its member count; "Open" works in it as super admin. */
export function OrganizationsTab() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const selectedOrgId = useAuthState((state) => state.selectedOrgId);
  const list = useTabListState(organizationsTabSearchSchema, {
    defaults: CONSOLE_LIST_DEFAULTS,
  });
  const organizations = useQuery(adminOrganizationsQueryOptions(consolePageParams(list)));
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (organization: AdminOrganization) => {
    setOpening(organization.id);
    try {
      await selectOrganization(organization.id);
      await navigate({ to: '/organization' });
    } catch (error) {
      enqueueSnackbar(
        t('admin.organizations.openFailed', {
          name: organization.name,
          reason: errorText(t, i18n.language, error),
        }),
        { variant: 'error' },
      );
    } finally {
      setOpening(null);
    }
  };

  const items = organizations.data?.items ?? [];

  return (
    <Stack spacing={2}>
      <ConsoleTable
        search={{
          label: t('admin.organizations.search'),
          value: list.searchText,
          onChange: list.setSearchText,
        }}
        label={t('admin.organizations.tableLabel')}
        head={
          <>
            <TableCell>{t('admin.organizations.name')}</TableCell>
            <TableCell>{t('admin.organizations.slug')}</TableCell>
            <TableCell align="right">{t('admin.organizations.members')}</TableCell>
            <TableCell>{t('admin.organizations.created')}</TableCell>
            <TableCell align="right">{t('common.actions')}</TableCell>
          </>
        }
        columns={5}
        query={organizations}
        empty={t('admin.organizations.empty')}
        paging={list.paging}
      >
        {items.map((organization) => (
          <TableRow key={organization.id} hover>
            <TableCell>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Avatar
                  src={organization.logo ?? undefined}
                  alt=""
                  variant="rounded"
                  sx={{ width: 32, height: 32 }}
                >
                  {organization.name.charAt(0).toUpperCase()}
                </Avatar>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {organization.name}
                  {organization.id === selectedOrgId ? (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {' '}
                      {t('admin.organizations.current')}
                    </Typography>
                  ) : null}
                </Typography>
              </Box>
            </TableCell>
            <TableCell dir="ltr">{organization.slug}</TableCell>
            <TableCell align="right">
              {formatNumber(organization.memberCount, {}, i18n.language)}
            </TableCell>
            <TableCell>{formatDate(organization.createdAt, undefined, i18n.language)}</TableCell>
            <TableCell align="right">
              <Button
                size="small"
                variant="outlined"
                startIcon={<IconExternalLink size={16} aria-hidden />}
                aria-label={t('admin.organizations.openNamed', { name: organization.name })}
                disabled={opening !== null}
                onClick={() => void open(organization)}
              >
                {t('admin.organizations.open')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </ConsoleTable>
    </Stack>
  );
}
