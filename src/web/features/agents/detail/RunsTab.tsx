import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IconArrowLeft, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  RUN_STATUSES,
  RUN_TRIGGERS,
  type RunStatusValue,
  type RunTrigger,
} from '../../../../shared/schemas/runs';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { EmptyRow, ErrorRow, SkeletonRows } from '../../../components/TableStates';
import { useAuthState } from '../../../lib/auth-store';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { runQueryOptions, runsQueryOptions, useRunAction } from '../api/agent-detail';
import { agentErrorText } from '../errors';
import { JsonBlock, RunStatusChip } from './parts';
import { RunTimeline } from './RunTimeline';

const COLUMNS = 7;

/** The Runs tab: the agent's runs (filters in the address, more on demand) or one run. */
export function RunsTab({
  agentId,
  canUpdate,
  status,
  trigger,
  runId,
  onFilters,
  onOpenRun,
}: {
  agentId: string;
  canUpdate: boolean;
  status: RunStatusValue | undefined;
  trigger: RunTrigger | undefined;
  runId: string | undefined;
  onFilters: (filters: {
    status?: RunStatusValue | undefined;
    trigger?: RunTrigger | undefined;
  }) => void;
  onOpenRun: (runId: string | undefined) => void;
}) {
  if (runId) {
    return <RunView agentId={agentId} runId={runId} canUpdate={canUpdate} onOpenRun={onOpenRun} />;
  }
  return (
    <RunList
      agentId={agentId}
      status={status}
      trigger={trigger}
      onFilters={onFilters}
      onOpenRun={onOpenRun}
    />
  );
}

function RunList({
  agentId,
  status,
  trigger,
  onFilters,
  onOpenRun,
}: {
  agentId: string;
  status: RunStatusValue | undefined;
  trigger: RunTrigger | undefined;
  onFilters: (filters: {
    status?: RunStatusValue | undefined;
    trigger?: RunTrigger | undefined;
  }) => void;
  onOpenRun: (runId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const runs = useInfiniteQuery(runsQueryOptions(orgId, agentId, { status, trigger }));
  const items = runs.data?.pages.flatMap((page) => page.items) ?? [];
  const number = (value: number) => formatNumber(value, {}, i18n.language);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} role="group" aria-label={t('agents.page.runs.filters')}>
        <TextField
          select
          size="small"
          label={t('agents.page.runs.status')}
          value={status ?? ''}
          onChange={(event) =>
            onFilters({
              status: (event.target.value || undefined) as RunStatusValue | undefined,
              trigger,
            })
          }
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('agents.page.runs.anyStatus')}</MenuItem>
          {RUN_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`agents.page.runStatus.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('agents.page.runs.trigger')}
          value={trigger ?? ''}
          onChange={(event) =>
            onFilters({
              status,
              trigger: (event.target.value || undefined) as RunTrigger | undefined,
            })
          }
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('agents.page.runs.anyTrigger')}</MenuItem>
          {RUN_TRIGGERS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`agents.page.triggers.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TableContainer>
        <Table aria-label={t('agents.page.runs.table')} aria-busy={runs.isFetching}>
          <TableHead>
            <TableRow>
              <TableCell>{t('agents.page.runs.columns.started')}</TableCell>
              <TableCell>{t('agents.page.runs.columns.status')}</TableCell>
              <TableCell>{t('agents.page.runs.columns.trigger')}</TableCell>
              <TableCell>{t('agents.page.runs.columns.caller')}</TableCell>
              <TableCell align="right">{t('agents.page.runs.columns.duration')}</TableCell>
              <TableCell align="right">{t('agents.page.runs.columns.tokens')}</TableCell>
              <TableCell align="right">{t('agents.page.runs.columns.cost')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.isPending ? (
              <SkeletonRows columns={COLUMNS} rows={3} />
            ) : runs.isError ? (
              <ErrorRow
                columns={COLUMNS}
                error={runs.error}
                lead={t('agents.page.runs.loadError')}
                onRetry={() => void runs.refetch()}
                describe={agentErrorText}
              />
            ) : items.length === 0 ? (
              <EmptyRow
                columns={COLUMNS}
                title={t('agents.page.runs.emptyTitle')}
                text={t('agents.page.runs.emptyBody')}
              />
            ) : (
              items.map((run) => (
                <TableRow key={run.id} hover>
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => onOpenRun(run.id)}
                      aria-label={t('agents.page.runs.open', {
                        time: formatDateTime(run.createdAt, i18n.language),
                      })}
                    >
                      {formatDateTime(run.startedAt ?? run.createdAt, i18n.language)}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <RunStatusChip status={run.status} />
                  </TableCell>
                  <TableCell>{t(`agents.page.triggers.${run.trigger}`)}</TableCell>
                  <TableCell>{run.caller?.name ?? '—'}</TableCell>
                  <TableCell align="right">
                    {run.durationMs === null
                      ? '—'
                      : t('agents.page.run.ms', { value: number(run.durationMs) })}
                  </TableCell>
                  <TableCell align="right">{number(run.tokensIn + run.tokensOut)}</TableCell>
                  <TableCell align="right">
                    {formatNumber(run.cost, { maximumFractionDigits: 4 }, i18n.language)}
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {runs.hasNextPage ? (
        <Button
          variant="outlined"
          onClick={() => void runs.fetchNextPage()}
          disabled={runs.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {t('agents.page.runs.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}

function RunView({
  agentId,
  runId,
  canUpdate,
  onOpenRun,
}: {
  agentId: string;
  runId: string;
  canUpdate: boolean;
  onOpenRun: (runId: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const run = useQuery(runQueryOptions(orgId, agentId, runId));
  const action = useRunAction(agentId);
  const data = run.data;
  const goOn = (accepted: { id: string }) => onOpenRun(accepted.id);
  return (
    <Stack spacing={2}>
      <Button
        onClick={() => onOpenRun(undefined)}
        startIcon={
          <IconArrowLeft
            size={18}
            aria-hidden
            style={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }}
          />
        }
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('agents.page.runs.back')}
      </Button>
      <ErrorAlert
        error={run.error}
        lead={t('agents.page.runs.loadRunError')}
        onRetry={() => void run.refetch()}
        describe={agentErrorText}
      />
      {data ? (
        <>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h3">
              {t('agents.page.runs.runTitle', {
                time: formatDateTime(data.startedAt ?? data.createdAt, i18n.language),
              })}
            </Typography>
            <RunStatusChip status={data.status} />
            <Typography variant="body2" color="text.secondary">
              {t('agents.page.runs.triggerAndVersion', {
                trigger: t(`agents.page.triggers.${data.trigger}`),
                version:
                  data.version === null
                    ? t('agents.status.draft')
                    : t('agents.page.versions.number', { number: data.version }),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('agents.page.run.tokens', {
                input: formatNumber(data.tokensIn, {}, i18n.language),
                output: formatNumber(data.tokensOut, {}, i18n.language),
              })}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1}>
            {data.status === 'running' || data.status === 'queued' ? (
              <Button
                variant="outlined"
                color="warning"
                startIcon={<IconPlayerStop size={18} aria-hidden />}
                disabled={action.isPending}
                onClick={() => action.mutate({ runId, action: 'cancel' })}
              >
                {t('agents.page.run.cancel')}
              </Button>
            ) : null}
            {data.status === 'failed' && canUpdate ? (
              <Button
                variant="contained"
                startIcon={<IconRefresh size={18} aria-hidden />}
                disabled={action.isPending}
                onClick={() => action.mutate({ runId, action: 'retry' }, { onSuccess: goOn })}
              >
                {t('agents.page.run.retry')}
              </Button>
            ) : null}
          </Stack>
          <ErrorAlert error={action.error} describe={agentErrorText} />
          {data.error ? <Alert severity="error">{data.error}</Alert> : null}
          <JsonBlock label={t('agents.page.run.input')} value={data.input} />
          <RunTimeline
            steps={data.steps}
            pending={action.isPending}
            onRunStep={
              canUpdate
                ? (nodeId) => action.mutate({ runId, action: 'step', nodeId }, { onSuccess: goOn })
                : undefined
            }
          />
          <JsonBlock label={t('agents.page.test.finalOutput')} value={data.output} />
        </>
      ) : null}
    </Stack>
  );
}
