import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  diffGraphs,
  isEmptyDiff,
  type EdgeRef,
  type FieldChange,
} from '../../../../shared/engine/graph-diff';
import type { AgentGraph, AgentNode } from '../../../../shared/schemas/agent-graph';
import type { AgentVersionSummary } from '../../../../shared/schemas/agents';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { StatusChip, type StatusTone } from '../../../components/StatusChip';
import { useAuthState } from '../../../lib/auth-store';
import { agentQueryOptions, versionQueryOptions } from '../api/agent-detail';
import { agentErrorText } from '../errors';
import { StepTypeIcon, useStepTypeName } from './parts';

/** One side of a comparison: a published version's number, or the unpublished draft. */
export type CompareSide = number | 'draft';

export interface ComparePair {
  before: CompareSide;
  after: CompareSide;
}

/** The version before `number` in the list (newest first), or the draft after the oldest. */
export function defaultPair(versions: AgentVersionSummary[], number: number): ComparePair {
  const older = versions
    .map((version) => version.number)
    .filter((n) => n < number)
    .sort((a, b) => b - a)[0];
  return older === undefined
    ? { before: number, after: 'draft' }
    : { before: older, after: number };
}

/** Picks two versions (or the draft) and shows what changed from one to the other. */
export function VersionCompareDialog({
  agentId,
  versions,
  pair,
  onClose,
}: {
  agentId: string;
  versions: AgentVersionSummary[];
  /** The sides to start with; `null` keeps the dialog closed. */
  pair: ComparePair | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={pair !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      <DialogTitle id={titleId}>{t('agents.versions.compare.title')}</DialogTitle>
      <DialogContent dividers>
        {pair ? (
          <VersionCompare
            key={`${pair.before}-${pair.after}`}
            agentId={agentId}
            versions={versions}
            initial={pair}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('agents.versions.compare.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The two side pickers and the differences between the chosen graphs. */
export function VersionCompare({
  agentId,
  versions,
  initial,
}: {
  agentId: string;
  versions: AgentVersionSummary[];
  initial: ComparePair;
}) {
  const { t } = useTranslation();
  const rtl = useTheme().direction === 'rtl';
  const [pair, setPair] = useState(initial);
  const before = useSideGraph(agentId, pair.before);
  const after = useSideGraph(agentId, pair.after);
  const sideName = (side: CompareSide) =>
    side === 'draft'
      ? t('agents.versions.compare.draft')
      : t('agents.page.versions.number', { number: side });
  const options: CompareSide[] = ['draft', ...versions.map((version) => version.number)];
  const picker = (which: keyof ComparePair) => (
    <TextField
      select
      size="small"
      label={t(`agents.versions.compare.${which}`)}
      value={String(pair[which])}
      onChange={(event) => {
        const value = event.target.value;
        setPair({ ...pair, [which]: value === 'draft' ? 'draft' : Number(value) });
      }}
      // The theme makes text fields full width: here the two pickers share the row.
      sx={{ flex: 1, minWidth: 0, maxWidth: { sm: 240 } }}
    >
      {options.map((side) => (
        <MenuItem key={side} value={String(side)}>
          {sideName(side)}
        </MenuItem>
      ))}
    </TextField>
  );
  const failed = before.error ?? after.error;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {picker('before')}
        <Typography aria-hidden>{rtl ? '←' : '→'}</Typography>
        {picker('after')}
      </Stack>
      {failed ? (
        <ErrorAlert
          error={failed}
          lead={t('agents.versions.compare.loadError')}
          onRetry={() => {
            if (before.error) void before.refetch();
            if (after.error) void after.refetch();
          }}
          describe={agentErrorText}
        />
      ) : before.graph && after.graph ? (
        <GraphDiffView
          before={before.graph}
          after={after.graph}
          beforeName={sideName(pair.before)}
          afterName={sideName(pair.after)}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} aria-hidden />
          <Typography>{t('agents.versions.compare.loading')}</Typography>
        </Stack>
      )}
    </Stack>
  );
}

/** The graph of a version (its own query) or of the draft (the agent's query). */
function useSideGraph(agentId: string, side: CompareSide) {
  const orgId = useAuthState((state) => state.selectedOrgId);
  const version = useQuery({
    ...versionQueryOptions(orgId, agentId, side === 'draft' ? 0 : side),
    enabled: orgId !== null && side !== 'draft',
  });
  const agent = useQuery({
    ...agentQueryOptions(orgId, agentId),
    enabled: orgId !== null && side === 'draft',
  });
  const query = side === 'draft' ? agent : version;
  const graph: AgentGraph | undefined = side === 'draft' ? agent.data?.draft : version.data?.graph;
  return { graph, error: query.error, refetch: query.refetch };
}

const CHIP_TONES = {
  added: 'success',
  removed: 'error',
  changed: 'info',
  moved: 'neutral',
} as const satisfies Record<string, StatusTone>;
type NodeStatus = keyof typeof CHIP_TONES;

/** What changed from `before` to `after`: a summary, then step by step, then connections. */
export function GraphDiffView({
  before,
  after,
  beforeName,
  afterName,
}: {
  before: AgentGraph;
  after: AgentGraph;
  beforeName: string;
  afterName: string;
}) {
  const { t } = useTranslation();
  const diff = useMemo(() => diffGraphs(before, after), [before, after]);
  if (isEmptyDiff(diff)) {
    return (
      <Typography role="status" sx={{ py: 2 }}>
        {t('agents.versions.compare.same')}
      </Typography>
    );
  }
  const nodes: { node: AgentNode; statuses: NodeStatus[]; fields: FieldChange[] }[] = [
    ...diff.added.map((node) => ({ node, statuses: ['added' as const], fields: [] })),
    ...diff.removed.map((node) => ({ node, statuses: ['removed' as const], fields: [] })),
    ...diff.changed.map((change) => ({
      node: change.after,
      statuses: change.moved ? ['changed' as const, 'moved' as const] : ['changed' as const],
      fields: change.fields,
    })),
    ...diff.moved.map((change) => ({
      node: change.after,
      statuses: ['moved' as const],
      fields: [],
    })),
  ];
  const edges = [
    ...diff.edgesAdded.map((edge) => ({ edge, status: 'added' as const })),
    ...diff.edgesRemoved.map((edge) => ({ edge, status: 'removed' as const })),
  ];
  return (
    <Stack spacing={2}>
      <Typography sx={{ fontWeight: 500 }}>
        {t('agents.versions.compare.summary', {
          added: diff.added.length,
          removed: diff.removed.length,
          changed: diff.changed.length,
        })}
        {diff.moved.length > 0
          ? ` ${t('agents.versions.compare.summaryMoved', { moved: diff.moved.length })}`
          : ''}
      </Typography>
      {nodes.length > 0 ? (
        <Stack
          component="ul"
          spacing={1.5}
          aria-label={t('agents.versions.compare.steps')}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {nodes.map(({ node, statuses, fields }) => (
            <NodeItem
              key={`${node.id}-${statuses[0]}`}
              node={node}
              statuses={statuses}
              fields={fields}
              beforeName={beforeName}
              afterName={afterName}
            />
          ))}
        </Stack>
      ) : null}
      {edges.length > 0 ? (
        <Box>
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            {t('agents.versions.compare.connections')}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {edges.map(({ edge, status }) => (
              <Stack
                component="li"
                key={`${status}-${edge.source}-${edge.sourceHandle}-${edge.target}`}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexWrap: 'wrap' }}
              >
                <StatusChip
                  tone={CHIP_TONES[status]}
                  label={t(`agents.versions.compare.status.${status}`)}
                />
                <Typography sx={{ fontFamily: 'monospace' }} dir="ltr">
                  {edgeText(edge)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}

function edgeText(edge: EdgeRef): string {
  const from = edge.sourceHandle ? `${edge.source} (${edge.sourceHandle})` : edge.source;
  return `${from} → ${edge.target}`;
}

function NodeItem({
  node,
  statuses,
  fields,
  beforeName,
  afterName,
}: {
  node: AgentNode;
  statuses: NodeStatus[];
  fields: FieldChange[];
  beforeName: string;
  afterName: string;
}) {
  const { t } = useTranslation();
  const typeName = useStepTypeName();
  const name = node.data.label || node.id;
  return (
    <Box
      component="li"
      aria-label={name}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <StepTypeIcon type={node.type} />
        <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {typeName(node.type)}
          {node.data.label ? ` · ${node.id}` : ''}
        </Typography>
        {statuses.map((status) => (
          <StatusChip
            key={status}
            tone={CHIP_TONES[status]}
            label={t(`agents.versions.compare.status.${status}`)}
          />
        ))}
      </Stack>
      {fields.length > 0 ? (
        <Stack spacing={1.5} sx={{ mt: 1.5 }}>
          {fields.map((field) => (
            <Box key={field.path}>
              <Typography
                variant="subtitle2"
                component="h4"
                sx={{ fontFamily: 'monospace', mb: 0.5 }}
                dir="ltr"
              >
                {field.path}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1,
                  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
                }}
              >
                <ValueBlock
                  label={t('agents.versions.compare.beforeValue', { side: beforeName })}
                  value={field.before}
                />
                <ValueBlock
                  label={t('agents.versions.compare.afterValue', { side: afterName })}
                  value={field.after}
                />
              </Box>
            </Box>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

/** A field's value on one side: text as it is, anything else as formatted JSON. */
function ValueBlock({ label, value }: { label: string; value: unknown }) {
  const { t } = useTranslation();
  const unset = value === undefined || value === '';
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <Box role="group" aria-label={label} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      {unset ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t(value === '' ? 'agents.versions.compare.empty' : 'agents.versions.compare.unset')}
        </Typography>
      ) : (
        <Box
          component="pre"
          tabIndex={0}
          dir="ltr"
          sx={{
            m: 0,
            p: 1,
            maxHeight: 240,
            overflow: 'auto',
            fontSize: 13,
            bgcolor: 'action.hover',
            borderRadius: 1,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-word',
            // Not 'left': the right-to-left styles would turn it into 'right'.
            textAlign: 'start',
          }}
        >
          {text}
        </Box>
      )}
    </Box>
  );
}
