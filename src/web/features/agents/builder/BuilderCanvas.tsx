import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { useColorScheme, useTheme } from '@mui/material/styles';
import {
  applyNodeChanges,
  Background,
  BackgroundVariant,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Connection,
  type Edge,
  type IsValidConnection,
  type NodeChange,
  type OnSelectionChangeParams,
  type ReactFlowProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentGraph, NodeType } from '../../../../shared/schemas/agent-graph';
import type { AgentGraphProblem } from '../../../../shared/schemas/agents';
import { stepTypeName } from '../detail/parts';
import { ltrCache } from '../../../theme/emotion-caches';
import {
  AgentNodeCard,
  agentNodeCardStyles,
  CardTexts,
  type AgentFlowNode,
  type NodeRunStatus,
} from './AgentNodeCard';
import { connect, connectionRefusal, GRID, moveNodes, removeElements } from './graph-model';

export const PALETTE_DRAG_TYPE = 'application/x-meridian-node-type';

const nodeTypes = { agent: AgentNodeCard };

// React Flow puts each of these props into its store when it is a new object or function, and
// every store update runs the selectors of every node and edge: on a drag, which redraws the
// canvas on every frame, they must stay the same objects.
const SNAP_GRID: [number, number] = [GRID, GRID];
const FIT_VIEW_OPTIONS = { padding: 0.2, maxZoom: 1.2 };
const PRO_OPTIONS = { hideAttribution: true };
const DELETE_KEYS = ['Delete', 'Backspace'];
const MULTI_SELECTION_KEYS = ['Shift', 'Meta', 'Control'];
const MINIMAP_STYLE = { width: 160, height: 110 };
const canvasStyles = {
  width: '100%',
  height: '100%',
  // React Flow's colours from the theme's (its dark defaults are a neutral black beside the
  // theme's navy panels): the canvas on the page's background, its controls and mini map on paper.
  '--xy-background-color': 'var(--mui-palette-background-default)',
  '--xy-minimap-background-color': 'var(--mui-palette-background-paper)',
  '--xy-controls-button-background-color': 'var(--mui-palette-background-paper)',
  '--xy-controls-button-background-color-hover': 'var(--mui-palette-action-hover)',
  '--xy-controls-button-color': 'var(--mui-palette-text-primary)',
  '--xy-controls-button-color-hover': 'var(--mui-palette-text-primary)',
  '--xy-controls-button-border-color': 'var(--mui-palette-divider)',
  // Its edges (#3e3e3e on dark, #b1b1b7 on light, 1 px) were barely visible on the theme's
  // backgrounds (1.3:1 in dark mode): the text colour at 60 %, over 3:1 in both schemes (WCAG's
  // non-text contrast), a little thicker, and the primary colour for a selected edge and the line
  // being drawn.
  '--xy-edge-stroke': 'color-mix(in srgb, var(--mui-palette-text-primary) 60%, transparent)',
  '--xy-edge-stroke-width': 1.5,
  '--xy-edge-stroke-selected': 'var(--mui-palette-primary-main)',
  '--xy-connectionline-stroke': 'var(--mui-palette-primary-main)',
  '--xy-connectionline-stroke-width': 1.5,
  // The mini map's mask (outside the view) in the page's background colour, not a grey.
  '--xy-minimap-mask-background-color': 'rgba(var(--mui-palette-background-defaultChannel) / 0.7)',
  '& .react-flow__node:focus-visible': { outline: 'none' },
  ...agentNodeCardStyles,
} as const;

function toFlowNodes(
  graph: AgentGraph,
  problems: AgentGraphProblem[],
  statuses: Record<string, NodeRunStatus>,
  selected: ReadonlySet<string>,
  readOnly: boolean,
): AgentFlowNode[] {
  const byNode = new Map<string, AgentGraphProblem[]>();
  for (const p of problems) {
    if (p.nodeId) byNode.set(p.nodeId, [...(byNode.get(p.nodeId) ?? []), p]);
  }
  return graph.nodes.map((node) => ({
    id: node.id,
    type: 'agent',
    position: node.position,
    selected: selected.has(node.id),
    deletable: !readOnly && node.type !== 'start',
    ariaLabel: `${node.data.label || node.id}`,
    data: { node, problems: byNode.get(node.id) ?? [], status: statuses[node.id] },
  }));
}

function toFlowEdges(graph: AgentGraph, selected: ReadonlySet<string>): Edge[] {
  return graph.edges.map((e) => ({
    id: e.id,
    source: e.source,
    target: e.target,
    sourceHandle: e.sourceHandle ?? null,
    selected: selected.has(e.id),
    animated: false,
    style: e.sourceHandle === 'error' ? { stroke: 'var(--mui-palette-error-main)' } : undefined,
  }));
}

const sameProblems = (a: AgentGraphProblem[], b: AgentGraphProblem[]) =>
  a.length === b.length && a.every((p, i) => JSON.stringify(p) === JSON.stringify(b[i]));

/**
 * The canvas's nodes for a new graph (problems, statuses, selection), keeping each node object
 * that did not change, and each unchanged step's data: React Flow and the memoised cards then
 * redraw only the steps that changed (a selection or an edit does not redraw 200 steps).
 */
function mergeFlowNodes(current: AgentFlowNode[], next: AgentFlowNode[]): AgentFlowNode[] {
  const before = new Map(current.map((n) => [n.id, n]));
  return next.map((n) => {
    const old = before.get(n.id);
    if (!old) return n;
    const sameData =
      old.data.node === n.data.node &&
      old.data.status === n.data.status &&
      sameProblems(old.data.problems, n.data.problems);
    if (
      sameData &&
      old.position === n.position &&
      old.selected === n.selected &&
      old.deletable === n.deletable &&
      old.ariaLabel === n.ariaLabel
    ) {
      return old;
    }
    return { ...n, data: sameData ? old.data : n.data, measured: old.measured };
  });
}

const sameIds = (set: ReadonlySet<string>, items: { id: string }[]) =>
  set.size === items.length && items.every((item) => set.has(item.id));

export interface BuilderCanvasProps {
  graph: AgentGraph;
  problems: AgentGraphProblem[];
  statuses: Record<string, NodeRunStatus>;
  readOnly: boolean;
  selectedNodes: ReadonlySet<string>;
  onSelectionChange: (nodes: string[], edges: string[]) => void;
  onChange: (graph: AgentGraph) => void;
  onDropType: (type: NodeType, position: { x: number; y: number }) => void;
  onRefused: (reason: NonNullable<ReturnType<typeof connectionRefusal>>) => void;
  /** A small screen: no mini map. */
  compact?: boolean;
}

/**
 * The canvas: React Flow over the graph. Nodes move locally while they are dragged and the
 * graph changes once, when they are dropped (one undo step per move). The canvas stays left to
 * right in every language.
 */
export function BuilderCanvas({ onDropType, readOnly, ...props }: BuilderCanvasProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { mode, systemMode } = useColorScheme();
  const flow = useReactFlow();

  const ariaLabelConfig = useMemo(
    () => ({
      'node.a11yDescription.default': t('builder.canvas.a11y.node'),
      'node.a11yDescription.keyboardDisabled': t('builder.canvas.a11y.nodeKeyboardDisabled'),
      'edge.a11yDescription.default': t('builder.canvas.a11y.edge'),
      'controls.ariaLabel': t('builder.canvas.controls'),
      'controls.zoomIn.ariaLabel': t('builder.canvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('builder.canvas.zoomOut'),
      'controls.fitView.ariaLabel': t('builder.canvas.fitView'),
      'controls.interactive.ariaLabel': t('builder.canvas.lock'),
      'minimap.ariaLabel': t('builder.canvas.minimap'),
      'handle.ariaLabel': t('builder.canvas.a11y.handle'),
    }),
    [t],
  );

  const cardTexts = useMemo(() => ({ t, typeName: (type: string) => stepTypeName(t, type) }), [t]);

  const errorColor = theme.palette.error.main;
  const primaryColor = theme.palette.primary.main;
  const minimapColor = useCallback(
    (n: AgentFlowNode) => (n.data.problems.length > 0 ? errorColor : primaryColor),
    [errorColor, primaryColor],
  );

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(PALETTE_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDrop = (event: DragEvent) => {
    const type = event.dataTransfer.getData(PALETTE_DRAG_TYPE) as NodeType;
    if (!type || readOnly) return;
    event.preventDefault();
    onDropType(type, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  // The flow is drawn one commit after the page around it: what the page measures when it
  // mounts (its tabs' indicator) is then measured before the canvas's steps are in the document,
  // not with them (a layout of every step, once per measure, on a large graph).
  // (A deferred value: its first drawing has `false`, the next one, right after, `true`.)
  const pageMounted = useDeferredValue(true, false);

  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  // The frame (its styles, texts and theme) is drawn again only when its props change; a drag
  // redraws the flow inside it on every frame. The canvas stays left to right in Arabic: its
  // styles come from the left-to-right cache, which does not swap their left and right (the
  // cards' output handles stay on their right edge).
  return (
    <CacheProvider value={ltrCache}>
      <Box dir="ltr" sx={canvasStyles} onDragOver={onDragOver} onDrop={onDrop}>
        <CardTexts.Provider value={cardTexts}>
          {pageMounted ? (
            <FlowView
              {...props}
              readOnly={readOnly}
              colorMode={dark ? 'dark' : 'light'}
              ariaLabelConfig={ariaLabelConfig}
              label={t('builder.canvas.label')}
              minimapColor={minimapColor}
            />
          ) : null}
        </CardTexts.Provider>
      </Box>
    </CacheProvider>
  );
}

interface FlowViewProps extends Omit<BuilderCanvasProps, 'onDropType'> {
  colorMode: 'dark' | 'light';
  ariaLabelConfig: ReactFlowProps['ariaLabelConfig'];
  label: string;
  minimapColor: (node: AgentFlowNode) => string;
}

/** React Flow with the canvas's own state: the nodes as they are dragged, the selected edges. */
const FlowView = memo(function FlowView({
  graph,
  problems,
  statuses,
  readOnly,
  selectedNodes,
  onSelectionChange,
  onChange,
  onRefused,
  compact = false,
  colorMode,
  ariaLabelConfig,
  label,
  minimapColor,
}: FlowViewProps) {
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(new Set());
  const [nodes, setNodes] = useState<AgentFlowNode[]>(() =>
    toFlowNodes(graph, problems, statuses, selectedNodes, readOnly),
  );
  // The canvas's nodes follow the graph (React Flow keeps their measured sizes between).
  const [shown, setShown] = useState({ graph, problems, statuses, selectedNodes, readOnly });
  if (
    shown.graph !== graph ||
    shown.problems !== problems ||
    shown.statuses !== statuses ||
    shown.selectedNodes !== selectedNodes ||
    shown.readOnly !== readOnly
  ) {
    setShown({ graph, problems, statuses, selectedNodes, readOnly });
    setNodes((current) =>
      mergeFlowNodes(current, toFlowNodes(graph, problems, statuses, selectedNodes, readOnly)),
    );
  }
  const edges = useMemo(() => toFlowEdges(graph, selectedEdges), [graph, selectedEdges]);

  const onNodesChange = useCallback(
    (changes: NodeChange<AgentFlowNode>[]) => {
      setNodes((current) => applyNodeChanges(changes, current));
      const dropped = new Map<string, { x: number; y: number }>();
      for (const change of changes) {
        if (change.type === 'position' && change.dragging === false && change.position) {
          dropped.set(change.id, change.position);
        }
      }
      if (dropped.size > 0 && !readOnly) onChange(moveNodes(graph, dropped));
    },
    [graph, onChange, readOnly],
  );

  // React Flow calls the selection handler again whenever it gets a new function, with the
  // selection of its store, which may not have caught up with ours yet: the handler it sees
  // never changes, and it passes on the latest parent's callback.
  const latestSelection = useRef(onSelectionChange);
  useEffect(() => {
    latestSelection.current = onSelectionChange;
  }, [onSelectionChange]);
  // A step pressed and dragged is selected by React Flow when the drag starts; the builder learns
  // of it when the step is dropped, so the step's form (its code editors) does not open in the
  // middle of the drag and hold up its frames.
  const dragging = useRef(false);
  const pendingSelection = useRef<[string[], string[]] | null>(null);
  const handleSelection = useCallback(
    ({ nodes: picked, edges: pickedEdges }: OnSelectionChangeParams) => {
      setSelectedEdges((current) =>
        sameIds(current, pickedEdges) ? current : new Set(pickedEdges.map((e) => e.id)),
      );
      const selection: [string[], string[]] = [
        picked.map((n) => n.id),
        pickedEdges.map((e) => e.id),
      ];
      if (dragging.current) pendingSelection.current = selection;
      else latestSelection.current(...selection);
    },
    [],
  );
  const endDrag = useCallback(() => {
    dragging.current = false;
    const pending = pendingSelection.current;
    pendingSelection.current = null;
    if (pending) latestSelection.current(...pending);
  }, []);
  const onNodeDragStart = useCallback(() => {
    dragging.current = true;
    // Also when React Flow ends a drag without telling (an aborted drag).
    for (const type of ['mouseup', 'touchend', 'pointercancel']) {
      window.addEventListener(type, () => window.setTimeout(endDrag, 0), { once: true });
    }
  }, [endDrag]);

  const isValidConnection: IsValidConnection = useCallback(
    (c) => connectionRefusal(graph, c) === null,
    [graph],
  );

  const onConnect = useCallback(
    (c: Connection) => {
      if (readOnly) return;
      const refusal = connectionRefusal(graph, c);
      if (refusal) onRefused(refusal);
      else onChange(connect(graph, c));
    },
    [graph, onChange, onRefused, readOnly],
  );

  const onDelete = useCallback(
    ({ nodes: gone, edges: cut }: { nodes: AgentFlowNode[]; edges: Edge[] }) => {
      if (readOnly) return;
      onChange(
        removeElements(
          graph,
          gone.map((n) => n.id),
          cut.map((e) => e.id),
        ),
      );
    },
    [graph, onChange, readOnly],
  );

  // Not drawn again on each frame of a drag (React Flow's store updates them).
  const overlays = useMemo(
    () => (
      <>
        <Background variant={BackgroundVariant.Dots} gap={GRID} size={1.2} />
        <Controls showInteractive={false} position="top-left" />
        {compact ? null : (
          <MiniMap
            pannable
            zoomable
            position="bottom-right"
            nodeColor={minimapColor}
            style={MINIMAP_STYLE}
          />
        )}
      </>
    ),
    [compact, minimapColor],
  );

  return (
    <ReactFlow<AgentFlowNode, Edge>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onConnect={onConnect}
      isValidConnection={isValidConnection}
      onDelete={onDelete}
      onSelectionChange={handleSelection}
      onNodeDragStart={onNodeDragStart}
      onNodeDragStop={endDrag}
      nodesDraggable={!readOnly}
      nodesConnectable={!readOnly}
      edgesFocusable
      deleteKeyCode={readOnly ? null : DELETE_KEYS}
      multiSelectionKeyCode={MULTI_SELECTION_KEYS}
      snapToGrid
      snapGrid={SNAP_GRID}
      fitView
      fitViewOptions={FIT_VIEW_OPTIONS}
      // Low enough for "fit" to show a 200-step graph whole beside the panels at 1280 px.
      minZoom={0.05}
      maxZoom={2}
      colorMode={colorMode}
      proOptions={PRO_OPTIONS}
      ariaLabelConfig={ariaLabelConfig}
      aria-label={label}
    >
      {overlays}
    </ReactFlow>
  );
});
