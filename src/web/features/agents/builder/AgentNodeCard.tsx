import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ELSE_HANDLE, ERROR_HANDLE, type AgentNode } from '../../../../shared/schemas/agent-graph';
import type { AgentGraphProblem } from '../../../../shared/schemas/agents';
import { StepTypeIcon, useStepTypeName } from '../detail/parts';
import { NODE_HEIGHT, NODE_WIDTH, nodeSummary, outputHandles } from './graph-model';

/** A step's state in the run the console follows. */
export type NodeRunStatus = 'running' | 'succeeded' | 'failed' | 'reused' | 'skipped';

export type AgentNodeData = {
  node: AgentNode;
  problems: AgentGraphProblem[];
  status?: NodeRunStatus;
};
export type AgentFlowNode = Node<AgentNodeData, 'agent'>;

function handleLabel(handle: string, node: AgentNode, t: TFunction) {
  if (handle === ERROR_HANDLE) return t('builder.node.handles.error');
  if (handle === ELSE_HANDLE) return t('builder.node.handles.else');
  if (node.type === 'condition') {
    const found = node.data.cases.find((c) => c.id === handle);
    return found?.label || handle;
  }
  return handle;
}

function StatusMark({ status }: { status: NodeRunStatus }) {
  const { t } = useTranslation();
  const label = t(`builder.node.status.${status}`);
  if (status === 'running') return <CircularProgress size={16} aria-label={label} />;
  if (status === 'failed') {
    return <IconCircleX size={18} color="var(--mui-palette-error-main)" aria-label={label} />;
  }
  if (status === 'succeeded' || status === 'reused') {
    return <IconCircleCheck size={18} color="var(--mui-palette-success-main)" aria-label={label} />;
  }
  return null;
}

/**
 * A step on the canvas: its type, label, a line of what it is set to do, its problems and,
 * during a test run, its state. One input handle on the left (none on the start), one output
 * on the right, or one per case and `else` for a condition, and `error` when it handles errors.
 */
export const AgentNodeCard = memo(
  function AgentNodeCard({ data, selected, isConnectable }: NodeProps<AgentFlowNode>) {
    const { t } = useTranslation();
    const theme = useTheme();
    const typeName = useStepTypeName();
    const { node, problems, status } = data;
    const handles = outputHandles(node);
    const named = handles.filter((h): h is string => h !== null);
    const summary = nodeSummary(node);
    const border =
      status === 'failed' || problems.length > 0
        ? theme.palette.error.main
        : status === 'running'
          ? theme.palette.info.main
          : status === 'succeeded'
            ? theme.palette.success.main
            : selected
              ? theme.palette.primary.main
              : theme.palette.divider;
    return (
      <Box
        sx={{
          width: NODE_WIDTH,
          minHeight: NODE_HEIGHT,
          bgcolor: 'background.paper',
          border: 2,
          borderColor: border,
          borderRadius: 2,
          boxShadow: selected ? `0 0 0 4px ${alpha(theme.palette.primary.main, 0.2)}` : 1,
          px: 1.5,
          py: 1,
          position: 'relative',
        }}
      >
        {node.type !== 'start' ? (
          <Handle type="target" position={Position.Left} isConnectable={isConnectable} />
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
          <Box sx={{ color: 'primary.main', display: 'flex' }}>
            <StepTypeIcon type={node.type} />
          </Box>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {typeName(node.type)}
            </Typography>
            <Typography variant="subtitle2" noWrap component="div" sx={{ fontWeight: 600 }}>
              {node.data.label || node.id}
            </Typography>
          </Box>
          {status ? <StatusMark status={status} /> : null}
          {problems.length > 0 ? (
            <Tooltip title={problems.map((p) => p.message).join('\n')}>
              <Box
                component="span"
                tabIndex={-1}
                sx={{ color: 'error.main', display: 'flex', alignItems: 'center', gap: 0.25 }}
                aria-label={t('builder.node.problems', { count: problems.length })}
              >
                <IconAlertTriangle size={16} aria-hidden />
                <Typography variant="caption" component="span">
                  {problems.length}
                </Typography>
              </Box>
            </Tooltip>
          ) : null}
        </Box>
        {summary ? (
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            component="div"
            sx={{ mt: 0.5, fontFamily: 'monospace' }}
          >
            {summary}
          </Typography>
        ) : null}
        {named.length > 0 ? (
          <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
            {named.map((handle) => (
              <Box
                key={handle}
                sx={{ position: 'relative', display: 'flex', justifyContent: 'flex-end' }}
              >
                <Typography
                  variant="caption"
                  color={handle === ERROR_HANDLE ? 'error.main' : 'text.secondary'}
                  noWrap
                  sx={{ maxWidth: NODE_WIDTH - 48 }}
                >
                  {handleLabel(handle, node, t)}
                </Typography>
                <Handle
                  type="source"
                  id={handle}
                  position={Position.Right}
                  isConnectable={isConnectable}
                  style={{
                    right: -20,
                    top: '50%',
                    background:
                      handle === ERROR_HANDLE
                        ? theme.palette.error.main
                        : theme.palette.primary.main,
                  }}
                />
              </Box>
            ))}
          </Box>
        ) : null}
        {handles.includes(null) ? (
          <Handle
            type="source"
            position={Position.Right}
            isConnectable={isConnectable}
            style={{ background: theme.palette.primary.main }}
          />
        ) : null}
      </Box>
    );
  },
  // A card shows its data, selection and handles only: a drag, which moves the card's position
  // on every frame, does not redraw it.
  (before, after) =>
    before.data === after.data &&
    before.selected === after.selected &&
    before.isConnectable === after.isConnectable,
);
