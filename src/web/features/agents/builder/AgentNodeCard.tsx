import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { createContext, memo, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ELSE_HANDLE, ERROR_HANDLE, type AgentNode } from '../../../../shared/schemas/agent-graph';
import type { AgentGraphProblem } from '../../../../shared/schemas/agents';
import { StepTypeIcon } from '../detail/parts';
import { NODE_HEIGHT, NODE_WIDTH, nodeSummary, outputHandles } from './graph-model';

/** A step's state in the run the console follows. */
export type NodeRunStatus = 'running' | 'succeeded' | 'failed' | 'reused' | 'skipped';

export type AgentNodeData = {
  node: AgentNode;
  problems: AgentGraphProblem[];
  status?: NodeRunStatus;
};
export type AgentFlowNode = Node<AgentNodeData, 'agent'>;

/** The card's class names; their styles are `agentNodeCardStyles`, given once by the canvas. */
const C = {
  card: 'mrd-step',
  head: 'mrd-step__head',
  icon: 'mrd-step__icon',
  titles: 'mrd-step__titles',
  type: 'mrd-step__type',
  label: 'mrd-step__label',
  problems: 'mrd-step__problems',
  summary: 'mrd-step__summary',
  outputs: 'mrd-step__outputs',
  output: 'mrd-step__output',
  outputLabel: 'mrd-step__output-label',
  errorHandle: 'mrd-step__handle--error',
} as const;

/** MUI's caption (the cards' small lines), from the theme's variables. */
const caption = { font: 'var(--mui-font-caption)', letterSpacing: '0.03333em' } as const;
const noWrap = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * The cards' styles, as nested rules for the canvas's box (one style block for every card,
 * none per card): plain elements and the theme's CSS variables, so light and dark both work and
 * a 200-step canvas costs no styling per card. No transition, filter or changing shadow: a drag
 * moves a card on every frame.
 */
export const agentNodeCardStyles = {
  [`& .${C.card}`]: {
    width: NODE_WIDTH,
    minHeight: NODE_HEIGHT,
    boxSizing: 'border-box',
    position: 'relative',
    padding: '8px 12px',
    borderRadius: '8px',
    border: '2px solid var(--mui-palette-divider)',
    backgroundColor: 'var(--mui-palette-background-paper)',
    color: 'var(--mui-palette-text-primary)',
    textAlign: 'start',
    boxShadow: 'var(--mui-shadows-1)',
    // Its layout is its own: a change inside one card does not lay out the canvas again.
    contain: 'layout style',
  },
  // The card being dragged moves on a layer of its own (no repaint of the canvas under it).
  '& .react-flow__node.dragging': { willChange: 'transform' },
  [`& .${C.card}[data-tone="selected"]`]: {
    borderColor: 'var(--mui-palette-primary-main)',
    boxShadow: '0 0 0 4px rgba(var(--mui-palette-primary-mainChannel) / 0.2)',
  },
  [`& .${C.card}[data-tone="error"]`]: { borderColor: 'var(--mui-palette-error-main)' },
  [`& .${C.card}[data-tone="running"]`]: { borderColor: 'var(--mui-palette-info-main)' },
  [`& .${C.card}[data-tone="succeeded"]`]: { borderColor: 'var(--mui-palette-success-main)' },
  [`& .${C.head}`]: { display: 'flex', alignItems: 'center', gap: '8px', minWidth: 0 },
  [`& .${C.icon}`]: { display: 'flex', color: 'var(--mui-palette-primary-main)' },
  [`& .${C.titles}`]: { flex: 1, minWidth: 0 },
  [`& .${C.type}`]: { ...caption, ...noWrap, color: 'var(--mui-palette-text-secondary)' },
  [`& .${C.label}`]: {
    ...noWrap,
    font: 'var(--mui-font-subtitle2)',
    letterSpacing: '0.00714em',
    fontWeight: 600,
  },
  [`& .${C.problems}`]: {
    ...caption,
    display: 'flex',
    alignItems: 'center',
    gap: '2px',
    color: 'var(--mui-palette-error-main)',
  },
  [`& .${C.summary}`]: {
    ...caption,
    ...noWrap,
    marginTop: '4px',
    fontFamily: 'monospace',
    color: 'var(--mui-palette-text-secondary)',
  },
  [`& .${C.outputs}`]: { marginTop: '8px', display: 'flex', flexDirection: 'column', gap: '4px' },
  [`& .${C.output}`]: { position: 'relative', display: 'flex', justifyContent: 'flex-end' },
  [`& .${C.outputLabel}`]: {
    ...caption,
    ...noWrap,
    maxWidth: NODE_WIDTH - 48,
    color: 'var(--mui-palette-text-secondary)',
  },
  [`& .${C.outputLabel}[data-error]`]: { color: 'var(--mui-palette-error-main)' },
  // React Flow centres a handle on the card's edge with a transform, which gives each of a
  // large graph's hundreds of handles a paint chunk of its own, all layerised again by Chromium
  // on every frame of a drag: margins centre them in the same place (6 px, border-box).
  // (Strings: the sx numbers of margins are theme spacings.)
  [`& .${C.card} .react-flow__handle`]: {
    width: '6px',
    height: '6px',
    marginTop: '-3px',
    transform: 'none',
  },
  [`& .${C.card} .react-flow__handle-left`]: { marginLeft: '-3px' },
  [`& .${C.card} .react-flow__handle-right`]: { marginRight: '-3px' },
  [`& .${C.card} .react-flow__handle.react-flow__handle-right`]: {
    background: 'var(--mui-palette-primary-main)',
  },
  [`& .${C.output} .react-flow__handle`]: { right: -20, top: '50%' },
  [`& .${C.card} .react-flow__handle.${C.errorHandle}`]: {
    background: 'var(--mui-palette-error-main)',
  },
} as const;

/**
 * The cards' translations, given once by the canvas (`CardTexts.Provider`): a translation hook
 * in each of 200 cards costs the opening of a large graph more than the cards themselves.
 */
export const CardTexts = createContext<{ t: TFunction; typeName: (type: string) => string }>({
  t: ((key: string) => key) as unknown as TFunction,
  typeName: (type) => type,
});

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

function tone(selected: boolean, problems: number, status?: NodeRunStatus) {
  if (status === 'failed' || problems > 0) return 'error';
  if (status === 'running') return 'running';
  if (status === 'succeeded') return 'succeeded';
  return selected ? 'selected' : undefined;
}

/**
 * A step on the canvas: its type, label, a line of what it is set to do, its problems and,
 * during a test run, its state. One input handle on the left (none on the start), one output
 * on the right, or one per case and `else` for a condition, and `error` when it handles errors.
 * Plain elements styled by class (`agentNodeCardStyles`), so that 200 cards open quickly.
 */
export const AgentNodeCard = memo(
  function AgentNodeCard({ data, selected, isConnectable }: NodeProps<AgentFlowNode>) {
    const { t, typeName } = useContext(CardTexts);
    const { node, problems, status } = data;
    const handles = outputHandles(node);
    const named = handles.filter((h): h is string => h !== null);
    const summary = nodeSummary(node);
    return (
      <div className={C.card} data-tone={tone(selected, problems.length, status)}>
        {node.type !== 'start' ? (
          <Handle type="target" position={Position.Left} isConnectable={isConnectable} />
        ) : null}
        <div className={C.head}>
          <span className={C.icon}>
            <StepTypeIcon type={node.type} />
          </span>
          <div className={C.titles}>
            <div className={C.type}>{typeName(node.type)}</div>
            <div className={C.label}>{node.data.label || node.id}</div>
          </div>
          {status ? <StatusMark status={status} /> : null}
          {problems.length > 0 ? (
            <Tooltip title={problems.map((p) => p.message).join('\n')}>
              <span
                className={C.problems}
                tabIndex={-1}
                aria-label={t('builder.node.problems', { count: problems.length })}
              >
                <IconAlertTriangle size={16} aria-hidden />
                <span>{problems.length}</span>
              </span>
            </Tooltip>
          ) : null}
        </div>
        {summary ? <div className={C.summary}>{summary}</div> : null}
        {named.length > 0 ? (
          <div className={C.outputs}>
            {named.map((handle) => (
              <div key={handle} className={C.output}>
                <span
                  className={C.outputLabel}
                  data-error={handle === ERROR_HANDLE ? '' : undefined}
                >
                  {handleLabel(handle, node, t)}
                </span>
                <Handle
                  type="source"
                  id={handle}
                  position={Position.Right}
                  isConnectable={isConnectable}
                  className={handle === ERROR_HANDLE ? C.errorHandle : undefined}
                />
              </div>
            ))}
          </div>
        ) : null}
        {handles.includes(null) ? (
          <Handle type="source" position={Position.Right} isConnectable={isConnectable} />
        ) : null}
      </div>
    );
  },
  // A card shows its data, selection and handles only: a drag, which moves the card's position
  // on every frame, does not redraw it.
  (before, after) =>
    before.data === after.data &&
    before.selected === after.selected &&
    before.isConnectable === after.isConnectable,
);
