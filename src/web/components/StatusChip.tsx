import Chip from '@mui/material/Chip';
import { darken, lighten, type SxProps, type Theme } from '@mui/material/styles';

/** What a status means, which decides its colour. */
export type StatusTone = 'success' | 'error' | 'warning' | 'info' | 'primary' | 'neutral';

/**
 * Text and border in the palette's dark shade; on the dark scheme a shade 40 % lighter than the
 * colour (the palette's own light shade of the blue read 3.7:1 on the dark surface).
 */
function darkerShade(tone: 'info' | 'error'): SxProps<Theme> {
  return (theme) => {
    const onDark = lighten(
      theme.colorSchemes.dark?.palette[tone].main ?? theme.palette[tone].main,
      0.4,
    );
    return {
      color: theme.vars.palette[tone].dark,
      borderColor: theme.vars.palette[tone].dark,
      ...theme.applyStyles('dark', { color: onDark, borderColor: onDark }),
    };
  };
}

// Outlined chips show their colour as text: the spec's orange, blue and red are too light on
// white, so those use a darker shade (a lighter one on the dark scheme), 4.5:1 or more.
const READABLE: Partial<Record<StatusTone, SxProps<Theme>>> = {
  warning: (theme) => {
    const readable = darken(
      theme.colorSchemes.light?.palette.warning.main ?? theme.palette.warning.main,
      0.45,
    );
    return {
      color: readable,
      borderColor: readable,
      ...theme.applyStyles('dark', {
        color: theme.vars.palette.warning.main,
        borderColor: theme.vars.palette.warning.main,
      }),
    };
  },
  info: darkerShade('info'),
  error: darkerShade('error'),
};

/** The one look of a status (of a user, project, customer, request…): a small outlined chip. */
export function StatusChip({ label, tone }: { label: string; tone: StatusTone }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={tone === 'neutral' ? 'default' : tone}
      label={label}
      sx={[{ fontWeight: 500 }, READABLE[tone] ?? {}] as SxProps<Theme>}
    />
  );
}
