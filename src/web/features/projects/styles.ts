import type { SxProps, Theme } from '@mui/material/styles';

/** Hidden on screen, read by screen readers. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * The spec's error red has 3.3:1 contrast on white: red text and red buttons with white text
 * use its darker shade (its lighter one on the dark scheme).
 */
export const dangerTextSx: SxProps<Theme> = (theme) => ({
  color: theme.vars.palette.error.dark,
  ...theme.applyStyles('dark', { color: theme.vars.palette.error.light }),
});

/** A contained red button whose white text stays readable. */
export const dangerFilledSx: SxProps<Theme> = (theme) => ({
  bgcolor: theme.vars.palette.error.dark,
  color: theme.vars.palette.common.white,
  '&:hover': { bgcolor: theme.vars.palette.error.dark, filter: 'brightness(0.9)' },
});
