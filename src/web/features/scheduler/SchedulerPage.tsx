import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEntry } from '../../../shared/schemas/schedules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert, useErrorText } from '../../components/ErrorAlert';
import { PageHeader } from '../../components/PageHeader';
import { useAuthState } from '../../lib/auth-store';
import {
  projectsQueryOptions,
  publishedAgentsQueryOptions,
  schedulesQueryOptions,
  useScheduleMutations,
  type ScheduleDto,
  type SchedulerFilter,
} from './api';
import { HistoryDialog } from './components/HistoryDialog';
import { ScheduleDialog } from './components/ScheduleDialog';
import { SchedulerCalendar } from './components/SchedulerCalendar';
import { SchedulesTable, type RowAction } from './components/SchedulesTable';
import type { SchedulerSearch, SchedulerTab } from './search';

const routeApi = getRouteApi('/scheduler');

/** /scheduler: the schedules list and the calendar, with the create/edit dialog. */
export function SchedulerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const orgId = useAuthState((s) => s.selectedOrgId);
  const search = routeApi.useSearch();
  const navigateSearch = routeApi.useNavigate();
  // The tab and the filters live in the address: a reload or a link shows the same view.
  const tab: SchedulerTab = search.tab ?? 'schedules';
  const filter: SchedulerFilter = { agentId: search.agentId, projectId: search.projectId };
  const go = (changes: Partial<SchedulerSearch>) =>
    void navigateSearch({ search: (current) => ({ ...current, ...changes }), replace: true });
  const schedules = useQuery(schedulesQueryOptions(orgId, filter));
  const agents = useQuery(publishedAgentsQueryOptions(orgId));
  const projects = useQuery(projectsQueryOptions(orgId));
  const { save, move, act } = useScheduleMutations(orgId);
  const [editing, setEditing] = useState<ScheduleDto | 'new' | null>(null);
  const [history, setHistory] = useState<ScheduleDto | null>(null);
  const [deleting, setDeleting] = useState<ScheduleDto | null>(null);
  const items = schedules.data?.items ?? [];

  const fail = (error: unknown) =>
    enqueueSnackbar(t('scheduler.failed', { message: errorText(error) }), { variant: 'error' });

  const onAction = (schedule: ScheduleDto, action: RowAction) => {
    if (action === 'edit') return setEditing(schedule);
    if (action === 'history') return setHistory(schedule);
    if (action === 'delete') return setDeleting(schedule);
    act.mutate(
      { id: schedule.id, action },
      {
        onSuccess: () => enqueueSnackbar(t(`scheduler.done.${action}`), { variant: 'success' }),
        onError: fail,
      },
    );
  };

  const openEntry = (entry: CalendarEntry) => {
    if (entry.run) {
      void navigate({
        to: '/agents/$id',
        params: { id: entry.agentId },
        search: { tab: 'runs', run: entry.run.id },
      });
      return;
    }
    const schedule = items.find((s) => s.id === entry.scheduleId);
    if (schedule) setEditing(schedule);
  };

  const onMove = (scheduleId: string, runAt: Date) =>
    move.mutate(
      { id: scheduleId, runAt: runAt.toISOString() },
      {
        onSuccess: () => enqueueSnackbar(t('scheduler.done.moved'), { variant: 'success' }),
        onError: fail,
      },
    );

  const filterField = (key: keyof SchedulerFilter, options: { id: string; name: string }[]) => (
    <TextField
      select
      size="small"
      label={t(`scheduler.filters.${key === 'agentId' ? 'agent' : 'project'}`)}
      value={filter[key] ?? ''}
      onChange={(e) => go({ [key]: e.target.value || undefined })}
      sx={{ minWidth: 200 }}
    >
      <MenuItem value="">{t('scheduler.filters.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box>
      <PageHeader
        title={t('scheduler.title')}
        subtitle={t('scheduler.intro')}
        action={
          <Button
            variant="contained"
            startIcon={<IconPlus size={18} />}
            onClick={() => setEditing('new')}
          >
            {t('scheduler.new')}
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(_, v: SchedulerTab) => go({ tab: v === 'schedules' ? undefined : v })}
        aria-label={t('scheduler.tabs.label')}
        sx={{ mb: 2 }}
      >
        <Tab value="schedules" label={t('scheduler.tabs.schedules')} />
        <Tab value="calendar" label={t('scheduler.tabs.calendar')} />
      </Tabs>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        {filterField('agentId', agents.data?.items ?? [])}
        {filterField('projectId', projects.data?.items ?? [])}
      </Stack>
      <Card>
        <CardContent>
          {tab === 'schedules' ? (
            <>
              <ErrorAlert
                error={schedules.error}
                lead={t('scheduler.loadFailed')}
                onRetry={() => void schedules.refetch()}
              />
              {schedules.isSuccess && items.length === 0 ? (
                <Typography color="text.secondary">{t('scheduler.empty')}</Typography>
              ) : (
                <SchedulesTable items={items} onAction={onAction} />
              )}
            </>
          ) : (
            <SchedulerCalendar filter={filter} onOpen={openEntry} onMove={onMove} />
          )}
        </CardContent>
      </Card>
      {editing && (
        <ScheduleDialog
          open
          schedule={editing === 'new' ? null : editing}
          agents={agents.data?.items ?? []}
          pending={save.isPending}
          error={save.error}
          onClose={() => {
            save.reset();
            setEditing(null);
          }}
          onSave={(input) =>
            save.mutate(
              { id: editing === 'new' ? null : editing.id, input },
              {
                onSuccess: () => {
                  enqueueSnackbar(t('scheduler.done.saved'), { variant: 'success' });
                  setEditing(null);
                },
              },
            )
          }
        />
      )}
      {history && <HistoryDialog schedule={history} onClose={() => setHistory(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('scheduler.confirmDelete.title')}
        body={t('scheduler.confirmDelete.body', { name: deleting?.name ?? '' })}
        confirmLabel={t('scheduler.confirmDelete.confirm')}
        destructive
        pending={act.isPending}
        error={act.error}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          act.mutate(
            { id: deleting.id, action: 'delete' },
            {
              onSuccess: () => {
                enqueueSnackbar(t('scheduler.done.delete'), { variant: 'success' });
                setDeleting(null);
              },
            },
          )
        }
      />
    </Box>
  );
}
