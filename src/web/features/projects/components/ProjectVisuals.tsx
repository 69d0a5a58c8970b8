import { alpha } from '@mui/material/styles';
import {
  IconBriefcase,
  IconBuilding,
  IconBulb,
  IconCalendar,
  IconChartBar,
  IconCode,
  IconDatabase,
  IconFileText,
  IconFolder,
  IconHeadset,
  IconMail,
  IconRobot,
  IconRocket,
  IconShoppingCart,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { StatusChip } from '../../../components/StatusChip';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PROJECT_COLOUR,
  PROJECT_ICONS,
  type ProjectIcon as ProjectIconName,
  type ProjectStatus,
} from '../../../../shared/schemas/projects';
import { IconAvatar } from '../../../components/IconAvatar';

/** The Tabler icon of each name of PROJECT_ICONS. */
export const PROJECT_ICON_COMPONENTS: Record<ProjectIconName, Icon> = {
  folder: IconFolder,
  rocket: IconRocket,
  briefcase: IconBriefcase,
  'chart-bar': IconChartBar,
  database: IconDatabase,
  robot: IconRobot,
  users: IconUsers,
  'shopping-cart': IconShoppingCart,
  building: IconBuilding,
  bulb: IconBulb,
  code: IconCode,
  world: IconWorld,
  headset: IconHeadset,
  mail: IconMail,
  calendar: IconCalendar,
  'file-text': IconFileText,
};

export function isProjectIcon(value: string): value is ProjectIconName {
  return (PROJECT_ICONS as readonly string[]).includes(value);
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A stored colour, or the default one when it is not a #rrggbb colour. */
export function safeColour(colour: string): string {
  return HEX.test(colour) ? colour : DEFAULT_PROJECT_COLOUR;
}

/** The project's icon on a tint of its colour (decorative: the name is always next to it). */
export function ProjectAvatar({
  icon,
  colour,
  size = 40,
}: {
  icon: string;
  colour: string;
  size?: number;
}) {
  const Component = isProjectIcon(icon) ? PROJECT_ICON_COMPONENTS[icon] : IconFolder;
  const main = safeColour(colour);
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

export function ProjectStatusChip({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation();
  return (
    <StatusChip
      tone={status === 'active' ? 'success' : 'neutral'}
      label={t(`projects.status.${status}`)}
    />
  );
}
