import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { StatusChip } from '../../../components/StatusChip';
import { EmptyRow, ErrorRow, SkeletonRows } from '../../../components/TableStates';
import { useAuthState } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/format';
import { useRestoreVersion, versionQueryOptions, versionsQueryOptions } from '../api/agent-detail';
import { agentErrorText } from '../errors';
import { StepsList } from './StepsList';
import { defaultPair, VersionCompareDialog, type ComparePair } from './VersionCompare';

const COLUMNS = 5;

const NOTE_SX = { minWidth: 160 } as const;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** The Versions tab: the published versions, one version's steps, Compare, Restore. */
export function VersionsTab({
  agentId,
  canUpdate,
  shown,
  onShow,
}: {
  agentId: string;
  canUpdate: boolean;
  shown: number | undefined;
  onShow: (number: number | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const versions = useQuery(versionsQueryOptions(orgId, agentId));
  const restore = useRestoreVersion(agentId);
  const [restoring, setRestoring] = useState<number | null>(null);
  const [comparing, setComparing] = useState<ComparePair | null>(null);
  const items = versions.data?.items ?? [];
  const newest = items[0]?.number;
  return (
    <Stack spacing={2}>
      {newest !== undefined ? (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            variant="outlined"
            size="small"
            onClick={() => setComparing({ before: shown ?? newest, after: 'draft' })}
          >
            {t('agents.versions.compare.open')}
          </Button>
        </Stack>
      ) : null}
      <TableContainer>
        <Table aria-label={t('agents.page.versions.table')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('agents.page.versions.columns.number')}</TableCell>
              <TableCell>{t('agents.page.versions.columns.note')}</TableCell>
              <TableCell>{t('agents.page.versions.columns.author')}</TableCell>
              <TableCell>{t('agents.page.versions.columns.time')}</TableCell>
              <TableCell>{t('agents.page.versions.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {versions.isPending ? (
              <SkeletonRows columns={COLUMNS} rows={2} />
            ) : versions.isError ? (
              <ErrorRow
                columns={COLUMNS}
                error={versions.error}
                lead={t('agents.page.versions.loadError')}
                onRetry={() => void versions.refetch()}
                describe={agentErrorText}
              />
            ) : items.length === 0 ? (
              <EmptyRow columns={COLUMNS} text={t('agents.page.versions.empty')} />
            ) : (
              items.map((version) => (
                <TableRow key={version.number} selected={shown === version.number}>
                  <TableCell sx={NO_WRAP}>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography>
                        {t('agents.page.versions.number', { number: version.number })}
                      </Typography>
                      {version.published ? (
                        <StatusChip tone="success" label={t('agents.page.versions.live')} />
                      ) : null}
                    </Stack>
                  </TableCell>
                  {/* A note wraps in a readable width; on a phone the table scrolls instead. */}
                  <TableCell dir="auto" sx={NOTE_SX}>
                    {version.note || '—'}
                  </TableCell>
                  <TableCell>{version.createdBy?.name ?? '—'}</TableCell>
                  <TableCell sx={NO_WRAP}>
                    {formatDateTime(version.createdAt, i18n.language)}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                      <Button
                        size="small"
                        onClick={() =>
                          onShow(shown === version.number ? undefined : version.number)
                        }
                        aria-label={t('agents.page.versions.viewLabel', { number: version.number })}
                        aria-pressed={shown === version.number}
                      >
                        {t('agents.page.versions.view')}
                      </Button>
                      <Button
                        size="small"
                        onClick={() => setComparing(defaultPair(items, version.number))}
                        aria-label={t('agents.versions.compare.actionLabel', {
                          number: version.number,
                        })}
                      >
                        {t('agents.versions.compare.action')}
                      </Button>
                      {canUpdate ? (
                        <Button
                          size="small"
                          onClick={() => setRestoring(version.number)}
                          aria-label={t('agents.page.versions.restoreLabel', {
                            number: version.number,
                          })}
                        >
                          {t('agents.page.versions.restore')}
                        </Button>
                      ) : null}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {shown !== undefined ? <VersionSteps agentId={agentId} number={shown} /> : null}
      <VersionCompareDialog
        agentId={agentId}
        versions={items}
        pair={comparing}
        onClose={() => setComparing(null)}
      />
      <ConfirmDialog
        open={restoring !== null}
        title={t('agents.page.versions.restoreTitle', { number: restoring ?? 0 })}
        body={t('agents.page.versions.restoreBody')}
        confirmLabel={t('agents.page.versions.restore')}
        pending={restore.isPending}
        error={restore.error}
        describeError={agentErrorText}
        onClose={() => {
          setRestoring(null);
          restore.reset();
        }}
        onConfirm={() => {
          if (restoring === null) return;
          restore.mutate(restoring, { onSuccess: () => setRestoring(null) });
        }}
      />
    </Stack>
  );
}

function VersionSteps({ agentId, number }: { agentId: string; number: number }) {
  const { t } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const version = useQuery(versionQueryOptions(orgId, agentId, number));
  const title = t('agents.page.versions.stepsOf', { number });
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h3">
        {title}
      </Typography>
      <ErrorAlert
        error={version.error}
        onRetry={() => void version.refetch()}
        describe={agentErrorText}
      />
      {version.data ? <StepsList graph={version.data.graph} label={title} /> : null}
    </Stack>
  );
}
