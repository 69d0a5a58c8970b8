import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconArrowsExchange, IconNote, IconPencil, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../lib/format';

/** What can happen to a record in its activity timeline. */
export type ActivityKind = 'created' | 'updated' | 'status_change' | 'note';

const ICONS = {
  created: IconPlus,
  updated: IconPencil,
  status_change: IconArrowsExchange,
  note: IconNote,
} as const;

const COLORS = {
  created: 'success.main',
  updated: 'info.main',
  status_change: 'warning.main',
  note: 'primary.main',
} as const;

/** The round coloured icon of an activity (decorative: the text beside it says what happened). */
export function ActivityDot({ kind }: { kind: ActivityKind }) {
  const Icon = ICONS[kind];
  return (
    <Box
      aria-hidden
      sx={{
        flexShrink: 0,
        width: 28,
        height: 28,
        borderRadius: '50%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'common.white',
        bgcolor: COLORS[kind],
      }}
    >
      <Icon size={15} />
    </Box>
  );
}

/** When an activity happened: "3 minutes ago", with the full date and time as its title. */
export function ActivityTime({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="time"
      dateTime={value}
      title={formatDateTime(value, i18n.language)}
    >
      {formatRelativeTime(value, undefined, i18n.language)}
    </Typography>
  );
}

/** Placeholder rows of an activity list while it loads (hidden from screen readers). */
export function ActivitySkeleton({ rows, dotSize = 28 }: { rows: number; dotSize?: number }) {
  return (
    <Stack spacing={2} aria-hidden>
      {Array.from({ length: rows }, (_, index) => (
        <Stack key={index} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Skeleton variant="circular" width={dotSize} height={dotSize} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="60%" />
            <Skeleton width="30%" />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}

/** A list of activities, newest first, each row divided from the next. */
export function ActivityList({ children }: { children: ReactNode }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

/** One row of an ActivityList: its dot, what happened (children) and when. */
export function ActivityItem({
  kind,
  createdAt,
  children,
}: {
  kind: ActivityKind;
  createdAt: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1.5,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <ActivityDot kind={kind} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {children}
        <ActivityTime value={createdAt} />
      </Box>
    </Box>
  );
}
