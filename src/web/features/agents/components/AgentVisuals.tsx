import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import {
  IconDatabaseSearch,
  IconMail,
  IconMessageChatbot,
  IconReportAnalytics,
  IconRobot,
  IconSparkles,
  IconUsers,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_COLOURS, AGENT_ICONS, type AgentStatus } from '../../../../shared/schemas/agents';
import { IconAvatar } from '../../../components/IconAvatar';
import { StatusChip } from '../../../components/StatusChip';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';

type AgentIconName = (typeof AGENT_ICONS)[number];

/** The Tabler icon of each name of AGENT_ICONS. */
const AGENT_ICON_COMPONENTS: Record<AgentIconName, Icon> = {
  robot: IconRobot,
  'message-chatbot': IconMessageChatbot,
  'database-search': IconDatabaseSearch,
  mail: IconMail,
  webhook: IconWebhook,
  sparkles: IconSparkles,
  'report-analytics': IconReportAnalytics,
  users: IconUsers,
};

const isAgentIcon = (value: string): value is AgentIconName =>
  (AGENT_ICONS as readonly string[]).includes(value);

const HEX = /^#[0-9a-f]{6}$/i;

/** The agent's icon on a tint of its colour (decorative: the name is always next to it). */
export function AgentAvatar({
  icon,
  colour,
  size = 36,
}: {
  icon: string;
  colour: string;
  size?: number;
}) {
  const Component = isAgentIcon(icon) ? AGENT_ICON_COMPONENTS[icon] : IconRobot;
  const main = HEX.test(colour) ? colour : AGENT_COLOURS[0];
  return (
    <IconAvatar
      icon={Component}
      size={size}
      iconScale={0.55}
      stroke={1.75}
      sx={{ color: main, bgcolor: alpha(main, 0.16), border: `1px solid ${alpha(main, 0.32)}` }}
    />
  );
}

/** Draft, or published with the number of the live version. */
export function AgentStatusChip({
  status,
  version,
}: {
  status: AgentStatus;
  version: number | null;
}) {
  const { t } = useTranslation();
  return status === 'published' ? (
    <StatusChip
      tone="success"
      label={
        version === null
          ? t('agents.status.published')
          : t('agents.status.publishedVersion', { version })
      }
    />
  ) : (
    <StatusChip tone="neutral" label={t('agents.status.draft')} />
  );
}

/** "3 minutes ago", with the full date and time on hover. */
export function RelativeTime({ value }: { value: string }) {
  const { i18n } = useTranslation();
  // The time the row was first shown: a clock a little behind the server's never says 'in 1 minute'.
  const [now] = useState(() => Date.now());
  const relative = formatRelativeTime(value, Math.max(now, Date.parse(value) || 0), i18n.language);
  return (
    <Tooltip title={formatDateTime(value, i18n.language)} describeChild>
      <Box component="time" dateTime={value}>
        {relative}
      </Box>
    </Tooltip>
  );
}
