import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import {
  useRemoveWhitelistEntry,
  useSetWhitelistEnabled,
  whitelistEntriesQueryOptions,
  whitelistSettingsQueryOptions,
  type WhitelistEntry,
} from '../api/admin';
import { AddWhitelistEntryDialog } from '../components/AddWhitelistEntryDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useListState } from '../../../components/list';
import { ConsoleTable } from '../components/ConsoleTable';
import { CONSOLE_LIST_DEFAULTS, consolePageParams } from '../super-admin-tabs';
import { errorText } from '../../../lib/error-text';
import { useConfirmTarget } from '../../../components/useConfirmTarget';

const routeApi = getRouteApi('/admin/whitelist');

/** /admin/whitelist: who may create an account while sign-up is limited. */
export function WhitelistPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <PageHeader title={t('admin.whitelist.title')} subtitle={t('admin.whitelist.subtitle')} />
      <WhitelistSwitch />
      <WhitelistEntries />
    </Stack>
  );
}

function WhitelistSwitch() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const settings = useQuery(whitelistSettingsQueryOptions());
  const setEnabled = useSetWhitelistEnabled();
  const enabled = settings.data?.enabled ?? false;

  const toggle = (next: boolean) =>
    setEnabled.mutate(next, {
      onSuccess: () =>
        enqueueSnackbar(t(next ? 'admin.whitelist.turnedOn' : 'admin.whitelist.turnedOff'), {
          variant: 'success',
        }),
      onError: (error) => enqueueSnackbar(errorText(t, i18n.language, error), { variant: 'error' }),
    });

  return (
    <Card variant="outlined" component="section" aria-labelledby="whitelist-switch-title">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography id="whitelist-switch-title" variant="h6" component="h2">
          {t('admin.whitelist.switchTitle')}
        </Typography>
        {settings.isPending ? (
          <Skeleton variant="rounded" height={38} width={320} />
        ) : settings.isError ? (
          <ErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <FormControlLabel
            control={
              <Switch
                checked={enabled}
                disabled={setEnabled.isPending}
                onChange={(event) => toggle(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'whitelist-switch-help' } }}
              />
            }
            label={t('admin.whitelist.switchLabel')}
          />
        )}
        <Typography id="whitelist-switch-help" variant="body2" color="text.secondary">
          {t('admin.whitelist.switchHelp')}
        </Typography>
        {settings.data ? (
          <Alert severity={enabled ? 'warning' : 'info'} role="status">
            {t(enabled ? 'admin.whitelist.stateOn' : 'admin.whitelist.stateOff')}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function WhitelistEntries() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = routeApi.useNavigate();
  const list = useListState({
    search: routeApi.useSearch(),
    navigate: (search, replace) => void navigate({ search, replace }),
    defaults: CONSOLE_LIST_DEFAULTS,
  });
  const entries = useQuery(whitelistEntriesQueryOptions(consolePageParams(list)));
  const remove = useRemoveWhitelistEntry();
  const [adding, setAdding] = useState(false);
  const removal = useConfirmTarget(
    remove,
    (entry: WhitelistEntry) => entry.id,
    (entry) =>
      enqueueSnackbar(t('admin.whitelist.removed', { pattern: entry.pattern }), {
        variant: 'success',
      }),
  );
  const removing = removal.target;
  const items = entries.data?.items ?? [];

  return (
    <Card variant="outlined" component="section" aria-labelledby="whitelist-entries-title">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
          }}
        >
          <Typography id="whitelist-entries-title" variant="h6" component="h2">
            {t('admin.whitelist.entriesTitle')}
          </Typography>
          <Button
            variant="contained"
            startIcon={<IconPlus size={18} aria-hidden />}
            onClick={() => setAdding(true)}
          >
            {t('admin.whitelist.add')}
          </Button>
        </Box>
        <ConsoleTable
          search={{
            label: t('admin.whitelist.search'),
            value: list.searchText,
            onChange: list.setSearchText,
          }}
          labelledBy="whitelist-entries-title"
          head={
            <>
              <TableCell>{t('admin.whitelist.pattern')}</TableCell>
              <TableCell>{t('admin.whitelist.note')}</TableCell>
              <TableCell>{t('admin.whitelist.addedBy')}</TableCell>
              <TableCell>{t('admin.whitelist.addedAt')}</TableCell>
              <TableCell align="right">{t('common.actions')}</TableCell>
            </>
          }
          columns={5}
          query={entries}
          empty={t(list.query ? 'admin.whitelist.noMatch' : 'admin.whitelist.empty')}
          paging={list.paging}
        >
          {items.map((entry) => {
            const domain = entry.pattern.startsWith('@');
            return (
              <TableRow key={entry.id} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Typography variant="body2" dir="ltr" sx={{ fontWeight: 600 }}>
                      {entry.pattern}
                    </Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(domain ? 'admin.whitelist.domain' : 'admin.whitelist.address')}
                    />
                  </Box>
                </TableCell>
                <TableCell>
                  {entry.note || (
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t('admin.whitelist.noNote')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell dir={entry.createdBy ? 'ltr' : undefined}>
                  {entry.createdBy?.email ?? t('admin.whitelist.unknownAuthor')}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(entry.createdAt, i18n.language)}
                </TableCell>
                <TableCell align="right">
                  <IconButton
                    color="error"
                    aria-label={t('admin.whitelist.removeNamed', { pattern: entry.pattern })}
                    onClick={() => removal.ask(entry)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </ConsoleTable>
      </CardContent>
      <AddWhitelistEntryDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        title={t('admin.whitelist.removeTitle')}
        body={t('admin.whitelist.removeBody', { pattern: removing?.pattern ?? '' })}
        confirmLabel={t('admin.whitelist.remove')}
        destructive
        {...removal.dialog}
      />
    </Card>
  );
}
