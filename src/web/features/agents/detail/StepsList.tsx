import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AgentGraph } from '../../../../shared/schemas/agent-graph';
import { orderedSteps, stepSummary } from './detail-logic';
import { StepTypeIcon, useStepTypeName } from './parts';

/** A graph's steps as an ordered list: type icon, label or id, type, one line of settings. */
export function StepsList({ graph, label }: { graph: AgentGraph; label: string }) {
  const { t } = useTranslation();
  const typeName = useStepTypeName();
  const steps = orderedSteps(graph);
  return (
    <Stack component="ol" spacing={1} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {steps.map((node) => {
        const summary =
          node.type === 'start' && node.data.mode === 'chat'
            ? t('agents.page.overview.chatStart')
            : stepSummary(node);
        return (
          <Box
            component="li"
            key={node.id}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
          >
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <StepTypeIcon type={node.type} />
              <Typography sx={{ fontWeight: 500 }}>{node.data.label || node.id}</Typography>
              <Typography variant="body2" color="text.secondary">
                {typeName(node.type)}
                {node.data.label ? ` · ${node.id}` : ''}
              </Typography>
            </Stack>
            {summary ? (
              <Typography
                variant="body2"
                color="text.secondary"
                noWrap
                sx={{ mt: 0.5, fontFamily: 'monospace' }}
                dir="auto"
              >
                {summary}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
