import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconLayoutDistributeHorizontal,
  IconMaximize,
  IconPlus,
} from '@tabler/icons-react';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useSnackbar } from 'notistack';
import { useCallback, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { validateGraph } from '../../../../shared/engine/validate';
import type { NodeType } from '../../../../shared/schemas/agent-graph';
import type { AgentGraphProblem } from '../../../../shared/schemas/agents';
import { Z } from '../../../theme/theme';
import type { LiveStep } from '../detail/detail-logic';
import type { NodeRunStatus } from './AgentNodeCard';
import { BuilderCanvas } from './BuilderCanvas';
import { BuilderSidePanel, type BuilderSide } from './BuilderSidePanel';
import type { BuilderModel } from './forms';
import {
  addNode,
  autoLayout,
  canAdd,
  connectionRefusal,
  copyNodes,
  freePosition,
  NODE_HEIGHT,
  NODE_WIDTH,
  newNode,
  pasteNodes,
  removeElements,
  type Clipboard,
} from './graph-model';
import { NodePalette } from './NodePalette';
import { commandFor } from './shortcuts';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useFullScreen } from './useFullScreen';
import type { GraphHistory } from './useGraphHistory';

const NO_PROBLEMS: AgentGraphProblem[] = [];

/** What was copied last (shared by every builder in this tab, so a copy pastes into another). */
let clipboard: Clipboard | null = null;

export interface BuilderShellProps {
  history: GraphHistory;
  readOnly: boolean;
  /** Problems the page knows beyond the graph's own rules (names unknown to the server). */
  extraProblems?: AgentGraphProblem[];
  /** Rules of the graph this page does not apply (the try-builder's model is its own). */
  ignoreProblem?: (problem: AgentGraphProblem) => boolean;
  /** At the toolbar's end: the save state, or what the page needs there. */
  toolbarEnd?: ReactNode;
  /** Above the canvas: a conflict, a notice. */
  banner?: ReactNode;
  /** The Test tab's content, told how to light up steps on the canvas. */
  testPanel?: (onLiveSteps: (steps: LiveStep[] | null) => void) => ReactNode;
  /** The try-builder's model, which its model steps use (they show no provider picker). */
  builderModel?: BuilderModel;
}

/**
 * The agent builder (issue 16 §1): palette, canvas, the selected step's form, the draft's
 * problems and a test panel, with undo and redo and keyboard shortcuts. Where the draft is kept
 * and how it runs is the page's (the workspace's agent page, the try-builder).
 */
export function BuilderShell(props: BuilderShellProps) {
  return (
    <ReactFlowProvider>
      <BuilderBody {...props} />
    </ReactFlowProvider>
  );
}

function BuilderBody({
  history,
  readOnly,
  extraProblems = NO_PROBLEMS,
  ignoreProblem,
  toolbarEnd,
  banner,
  testPanel,
  builderModel,
}: BuilderShellProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const flow = useReactFlow();
  const { enqueueSnackbar } = useSnackbar();
  const canUpdate = !readOnly;
  const { graph, change } = history;
  const [selectedNodes, setSelectedNodes] = useState<ReadonlySet<string>>(new Set());
  const [side, setSide] = useState<BuilderSide>('step');
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [sideOpen, setSideOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const { fullScreen, toggle: toggleFullScreen, canvasBox } = useFullScreen();
  const [liveSteps, setLiveSteps] = useState<LiveStep[] | null>(null);

  const problems = useMemo(() => {
    const all = [...validateGraph(graph), ...extraProblems];
    return ignoreProblem ? all.filter((p) => !ignoreProblem(p)) : all;
  }, [graph, extraProblems, ignoreProblem]);

  const statuses = useMemo(() => {
    const map: Record<string, NodeRunStatus> = {};
    for (const step of liveSteps ?? []) map[step.nodeId] = step.status as NodeRunStatus;
    return map;
  }, [liveSteps]);

  const select = useCallback(
    (ids: string[]) => {
      setSelectedNodes(new Set(ids));
      if (ids.length === 1) {
        setSide('step');
        if (phone) setSideOpen(true);
      }
    },
    [phone],
  );

  // React Flow calls this again whenever it changes: the same selection changes nothing.
  const onCanvasSelection = useCallback(
    (nodes: string[]) => {
      const same =
        nodes.length === selectedNodes.size && nodes.every((id) => selectedNodes.has(id));
      if (!same) select(nodes);
    },
    [selectedNodes, select],
  );

  const focusNode = (nodeId: string) => {
    const node = graph.nodes.find((n) => n.id === nodeId);
    if (!node) return;
    select([nodeId]);
    void flow.setCenter(node.position.x + NODE_WIDTH / 2, node.position.y + NODE_HEIGHT / 2, {
      zoom: Math.max(flow.getZoom(), 1),
      duration: 300,
    });
  };

  const add = (type: NodeType, position = freePosition(graph)) => {
    if (readOnly || !canAdd(graph, type)) return;
    const node = newNode(graph, type, position);
    change(addNode(graph, node));
    select([node.id]);
    setPaletteOpen(false);
    // A step added from the palette may land outside the view: bring it in.
    void flow.setCenter(node.position.x + NODE_WIDTH / 2, node.position.y + NODE_HEIGHT / 2, {
      zoom: flow.getZoom(),
      duration: 200,
    });
  };

  const run = (command: ReturnType<typeof commandFor>) => {
    switch (command) {
      case 'undo':
        if (!readOnly) history.undo();
        return;
      case 'redo':
        if (!readOnly) history.redo();
        return;
      case 'copy':
      case 'cut': {
        const copied = copyNodes(graph, selectedNodes);
        if (!copied) return;
        clipboard = copied;
        if (command === 'cut' && !readOnly) {
          change(removeElements(graph, selectedNodes));
          setSelectedNodes(new Set());
        }
        enqueueSnackbar(t('builder.clipboard.copied', { count: copied.nodes.length }));
        return;
      }
      case 'paste':
      case 'duplicate': {
        const source = command === 'paste' ? clipboard : copyNodes(graph, selectedNodes);
        if (!source || readOnly) return;
        const pasted = pasteNodes(graph, source);
        change(pasted.graph);
        setSelectedNodes(new Set(pasted.pasted));
        return;
      }
      case 'selectAll':
        setSelectedNodes(new Set(graph.nodes.map((n) => n.id)));
        return;
      case 'fit':
        void flow.fitView({ padding: 0.2, duration: 300 });
        return;
      case 'layout':
        if (!readOnly) {
          change(autoLayout(graph));
          window.setTimeout(() => void flow.fitView({ padding: 0.2, duration: 300 }), 0);
        }
        return;
      case 'fullScreen':
      case 'leaveFullScreen':
        toggleFullScreen(command === 'fullScreen' && !fullScreen);
        return;
      case 'help':
        setHelpOpen(true);
        return;
      default:
        return;
    }
  };

  const closeSide = useCallback(() => setSideOpen(false), []);
  // The canvas hands these to React Flow, which stores every new function again: stable ones.
  const onRefused = useCallback(
    (reason: NonNullable<ReturnType<typeof connectionRefusal>>) =>
      enqueueSnackbar(t(`builder.connect.${reason}`), { variant: 'warning' }),
    [enqueueSnackbar, t],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const command = commandFor(event.nativeEvent);
    if (!command) return;
    // Escape leaves the full screen only when pressed in the builder itself: a dialog or menu
    // opened from it (drawn elsewhere in the document) closes on its own Escape.
    const inBuilder = event.currentTarget.contains(event.target as Node);
    if (command === 'leaveFullScreen' && !(fullScreen && inBuilder)) return;
    event.preventDefault();
    run(command);
  };

  const sidePanel = (
    <BuilderSidePanel
      side={side}
      onSide={setSide}
      graph={graph}
      change={change}
      readOnly={readOnly}
      problems={problems}
      selectedNodes={selectedNodes}
      onJump={focusNode}
      testPanel={testPanel}
      onLiveSteps={setLiveSteps}
      builderModel={builderModel}
      onClose={phone ? closeSide : undefined}
    />
  );

  return (
    <Box
      // Clicking the canvas focuses the builder (not the page), so its shortcuts keep working.
      tabIndex={-1}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        flex: 1,
        height: '100%',
        minHeight: 0,
        '&:focus': { outline: 'none' },
        // Full screen: the builder over the whole window (the app's frame and the page's header
        // under it), until the button or Escape brings it back into the page.
        ...(fullScreen
          ? {
              position: 'fixed',
              inset: 0,
              zIndex: Z.fullScreen,
              bgcolor: 'background.default',
              p: { xs: 1, md: 2 },
            }
          : {}),
      }}
      onKeyDown={onKeyDown}
    >
      <Stack
        direction="row"
        spacing={0.5}
        role="toolbar"
        aria-label={t('builder.toolbar.label')}
        sx={{ alignItems: 'center', py: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}
      >
        {canUpdate && phone ? (
          <Button
            startIcon={<IconPlus size={18} aria-hidden />}
            onClick={() => setPaletteOpen(true)}
          >
            {t('builder.palette.open')}
          </Button>
        ) : null}
        {canUpdate ? (
          <>
            <Tooltip title={t('builder.toolbar.undo')}>
              <span>
                <IconButton
                  aria-label={t('builder.toolbar.undo')}
                  disabled={!history.canUndo}
                  onClick={history.undo}
                >
                  <IconArrowBackUp size={20} aria-hidden />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('builder.toolbar.redo')}>
              <span>
                <IconButton
                  aria-label={t('builder.toolbar.redo')}
                  disabled={!history.canRedo}
                  onClick={history.redo}
                >
                  <IconArrowForwardUp size={20} aria-hidden />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('builder.toolbar.layout')}>
              <IconButton aria-label={t('builder.toolbar.layout')} onClick={() => run('layout')}>
                <IconLayoutDistributeHorizontal size={20} aria-hidden />
              </IconButton>
            </Tooltip>
          </>
        ) : null}
        <Tooltip title={t('builder.toolbar.fit')}>
          <IconButton aria-label={t('builder.toolbar.fit')} onClick={() => run('fit')}>
            <IconMaximize size={20} aria-hidden />
          </IconButton>
        </Tooltip>
        <Tooltip
          title={fullScreen ? t('builder.toolbar.exitFullScreen') : t('builder.toolbar.fullScreen')}
        >
          <IconButton
            aria-label={t('builder.toolbar.fullScreen')}
            aria-pressed={fullScreen}
            onClick={() => run('fullScreen')}
          >
            {fullScreen ? (
              <IconArrowsMinimize size={20} aria-hidden />
            ) : (
              <IconArrowsMaximize size={20} aria-hidden />
            )}
          </IconButton>
        </Tooltip>
        <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
        <Box sx={{ flex: 1 }} />
        {readOnly ? (
          <Typography variant="body2" color="text.secondary">
            {t('builder.readOnly')}
          </Typography>
        ) : (
          toolbarEnd
        )}
        {phone ? (
          <Button
            onClick={() => {
              setSide(problems.length > 0 ? 'problems' : 'step');
              setSideOpen(true);
            }}
          >
            {t('builder.side.open', { count: problems.length })}
          </Button>
        ) : null}
      </Stack>
      {banner}
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'flex',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          overflow: 'hidden',
        }}
      >
        {canUpdate && !phone ? (
          <Box sx={{ width: 240, flexShrink: 0, borderInlineEnd: 1, borderColor: 'divider' }}>
            <NodePalette canAdd={(type) => canAdd(graph, type)} onAdd={(type) => add(type)} />
          </Box>
        ) : null}
        <Box ref={canvasBox} sx={{ flex: 1, minWidth: 0, position: 'relative' }}>
          <BuilderCanvas
            graph={graph}
            problems={problems}
            statuses={statuses}
            readOnly={readOnly}
            compact={phone}
            selectedNodes={selectedNodes}
            onSelectionChange={onCanvasSelection}
            onChange={change}
            onDropType={(type, position) => add(type, position)}
            onRefused={onRefused}
          />
        </Box>
        {!phone ? (
          <>
            <Divider orientation="vertical" flexItem />
            <Box sx={{ width: 400, flexShrink: 0, minHeight: 0 }}>{sidePanel}</Box>
          </>
        ) : null}
      </Box>
      {phone ? (
        <>
          <Drawer
            anchor="bottom"
            open={paletteOpen}
            onClose={() => setPaletteOpen(false)}
            slotProps={{ paper: { sx: { height: '70vh' } } }}
          >
            <NodePalette canAdd={(type) => canAdd(graph, type)} onAdd={(type) => add(type)} />
          </Drawer>
          <Drawer
            anchor="bottom"
            open={sideOpen}
            onClose={() => setSideOpen(false)}
            slotProps={{ paper: { sx: { height: '80vh' } } }}
          >
            {sidePanel}
          </Drawer>
        </>
      ) : null}
    </Box>
  );
}
