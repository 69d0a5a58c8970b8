import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { IconX } from '@tabler/icons-react';
import { lazy, memo, Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentGraph } from '../../../../shared/schemas/agent-graph';
import type { AgentGraphProblem } from '../../../../shared/schemas/agents';
import type { LiveStep } from '../detail/detail-logic';
import type { BuilderModel } from './forms';
import { availableVariables, updateNodeData } from './graph-model';
import type { GraphHistory } from './useGraphHistory';
import { ValidationPanel } from './ValidationPanel';
import { errorTextColor } from '../../../theme/theme';

export type BuilderSide = 'step' | 'problems' | 'test';

// The step forms (with CodeMirror, a third of the builder's code) are not needed to show the
// canvas: they load on their own, once the builder has opened, before a step is picked.
const loadNodeForm = () => import('./forms/NodeForm');
const NodeForm = lazy(() => loadNodeForm().then((m) => ({ default: m.NodeForm })));
/** How long after the builder opens its forms are fetched (after its first frames). */
const NODE_FORM_PRELOAD_MS = 500;

/** Where the step's form comes the first time its code is still on its way. */
function FormSkeleton() {
  return (
    <Stack spacing={2} sx={{ p: 2 }} aria-hidden>
      <Skeleton variant="rounded" height={40} />
      <Skeleton variant="rounded" height={40} />
      <Skeleton variant="rounded" height={120} />
    </Stack>
  );
}

export interface BuilderSidePanelProps {
  side: BuilderSide;
  onSide: (side: BuilderSide) => void;
  graph: AgentGraph;
  change: GraphHistory['change'];
  readOnly: boolean;
  problems: AgentGraphProblem[];
  selectedNodes: ReadonlySet<string>;
  /** Selects a step and brings it into view (a problem's link). */
  onJump: (nodeId: string) => void;
  testPanel?: (onLiveSteps: (steps: LiveStep[] | null) => void) => ReactNode;
  onLiveSteps: (steps: LiveStep[] | null) => void;
  builderModel?: BuilderModel;
  /** On a phone the panel is a drawer, with a close button. */
  onClose?: () => void;
}

/**
 * The panel's tabs, drawn again only when what they show changes: MUI's tabs measure the page
 * (their indicator) after every render, which forces a layout of the whole canvas.
 */
const SideTabs = memo(function SideTabs({
  side,
  onSide,
  problems,
  test,
  onClose,
}: {
  side: BuilderSide;
  onSide: (side: BuilderSide) => void;
  problems: number;
  test: boolean;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={side}
        onChange={(_e, value: BuilderSide) => onSide(value)}
        aria-label={t('builder.side.label')}
        variant="fullWidth"
        sx={{ flex: 1 }}
      >
        <Tab value="step" label={t('builder.side.step')} />
        <Tab
          value="problems"
          label={
            problems > 0
              ? t('builder.side.problemsCount', { count: problems })
              : t('builder.side.problems')
          }
          sx={problems > 0 ? errorTextColor : undefined}
        />
        {test ? <Tab value="test" label={t('builder.side.test')} /> : null}
      </Tabs>
      {onClose ? (
        <IconButton aria-label={t('builder.side.close')} onClick={onClose}>
          <IconX size={20} aria-hidden />
        </IconButton>
      ) : null}
    </Stack>
  );
});

/**
 * The builder's side panel: the selected step's form, the draft's problems, and the page's test
 * panel, as tabs.
 */
export function BuilderSidePanel({
  side,
  onSide,
  graph,
  change,
  readOnly,
  problems,
  selectedNodes,
  onJump,
  testPanel,
  onLiveSteps,
  builderModel,
  onClose,
}: BuilderSidePanelProps) {
  const { t } = useTranslation();
  const selectedId = selectedNodes.size === 1 ? [...selectedNodes][0]! : null;
  /** The step whose form the person has used (typed, clicked) since it opened. */
  const touchedForm = useRef<string | null>(null);
  const selectedNode = graph.nodes.find((n) => n.id === selectedId) ?? null;
  const variables = useMemo(
    () => (selectedId ? availableVariables(graph, selectedId) : []),
    [graph, selectedId],
  );

  useEffect(() => {
    // A failure is left to the form's own load, which the page's error boundary shows.
    const timer = window.setTimeout(
      () => void loadNodeForm().catch(() => undefined),
      NODE_FORM_PRELOAD_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <SideTabs
        side={side}
        onSide={onSide}
        problems={problems.length}
        test={Boolean(testPanel)}
        onClose={onClose}
      />
      <Box
        sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: 2 }}
        onKeyDownCapture={() => (touchedForm.current = selectedId)}
        onPointerDownCapture={() => (touchedForm.current = selectedId)}
        onPasteCapture={() => (touchedForm.current = selectedId)}
        onInputCapture={() => (touchedForm.current = selectedId)}
      >
        {side === 'step' ? (
          selectedNode ? (
            <Suspense fallback={<FormSkeleton />}>
              <NodeForm
                key={selectedNode.id}
                node={selectedNode}
                onChange={(data) =>
                  change(updateNodeData(graph, selectedNode.id, data), {
                    key: `form:${selectedNode.id}`,
                    // What a form fills in by itself when it opens is no step to undo.
                    record: touchedForm.current === selectedNode.id,
                  })
                }
                variables={variables}
                readOnly={readOnly}
                problems={problems.filter((p) => p.nodeId === selectedNode.id)}
                builderModel={builderModel}
              />
            </Suspense>
          ) : (
            <Typography color="text.secondary">
              {selectedNodes.size > 1
                ? t('builder.side.many', { count: selectedNodes.size })
                : t('builder.side.none')}
            </Typography>
          )
        ) : side === 'problems' ? (
          <ValidationPanel problems={problems} onJump={onJump} />
        ) : (
          testPanel?.(onLiveSteps)
        )}
      </Box>
    </Box>
  );
}
