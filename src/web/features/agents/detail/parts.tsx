import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  IconArrowsSplit,
  IconBraces,
  IconDatabase,
  IconFlag,
  IconMail,
  IconPlayerPlay,
  IconSparkles,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { NodeType } from '../../../../shared/schemas/agent-graph';
import { StatusChip, type StatusTone } from '../../../components/StatusChip';
import { formatJson, type LiveStepStatus } from './detail-logic';

const STEP_ICONS: Record<NodeType, Icon> = {
  start: IconPlayerPlay,
  llm: IconSparkles,
  datasource_query: IconDatabase,
  http_request: IconWorld,
  transform: IconBraces,
  condition: IconArrowsSplit,
  send_email: IconMail,
  output: IconFlag,
};

/** The icon of a step type (decorative: the type's name is next to it). */
export function StepTypeIcon({ type }: { type: string }) {
  const Component = STEP_ICONS[type as NodeType] ?? IconBraces;
  return <Component size={20} aria-hidden />;
}

const KNOWN_TYPES = new Set<string>(Object.keys(STEP_ICONS));

/** The translated name of a step type. */
export function stepTypeName(t: TFunction, type: string): string {
  return KNOWN_TYPES.has(type) ? t(`agents.page.stepTypes.${type as NodeType}`) : type;
}

/** The translated name of a step type, in the current language. */
export function useStepTypeName() {
  const { t } = useTranslation();
  return (type: string) => stepTypeName(t, type);
}

const RUN_TONES: Record<string, StatusTone> = {
  queued: 'neutral',
  running: 'info',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'warning',
  reused: 'neutral',
};

/** A run's or a step's status. */
export function RunStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = status in RUN_TONES;
  return (
    <StatusChip
      tone={RUN_TONES[status] ?? 'neutral'}
      label={
        known
          ? t(`agents.page.runStatus.${status as LiveStepStatus | 'queued' | 'cancelled'}`)
          : status
      }
    />
  );
}

/** A value as formatted JSON, with a notice when the log kept only its beginning. */
export function JsonBlock({
  label,
  value,
  truncated = false,
}: {
  label: string;
  value: unknown;
  truncated?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      {truncated ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('agents.page.truncated')}
        </Alert>
      ) : null}
      <Box
        component="pre"
        role="region"
        tabIndex={0}
        aria-label={label}
        dir="ltr"
        sx={{
          m: 0,
          p: 1.5,
          maxHeight: 320,
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
        {value === undefined || value === null ? '—' : formatJson(value)}
      </Box>
    </Box>
  );
}
