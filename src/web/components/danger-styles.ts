import type { SxProps, Theme } from '@mui/material/styles';

/**
 * The spec's error red has 3.3:1 contrast on white (docs/decisions/0004): red *text* and red
 * buttons or chips with white text use its darker shade (its lighter one for text on the dark
 * scheme).
 */
export const dangerTextSx: SxProps<Theme> = (theme) => ({
  color: theme.vars.palette.error.dark,
  ...theme.applyStyles('dark', { color: theme.vars.palette.error.light }),
});

/** A contained red button (or filled chip) whose white text stays readable. */
export const dangerFilledSx: SxProps<Theme> = (theme) => ({
  bgcolor: theme.vars.palette.error.dark,
  color: theme.vars.palette.common.white,
  '&:hover': { bgcolor: theme.vars.palette.error.dark, filter: 'brightness(0.9)' },
  '&.Mui-disabled': {
    bgcolor: theme.vars.palette.action.disabledBackground,
    color: theme.vars.palette.action.disabled,
  },
});

/** An outlined red button: text and border in the readable shades. */
export const dangerOutlinedSx: SxProps<Theme> = (theme) => ({
  color: theme.vars.palette.error.dark,
  borderColor: theme.vars.palette.error.dark,
  ...theme.applyStyles('dark', {
    color: theme.vars.palette.error.light,
    borderColor: theme.vars.palette.error.light,
  }),
});
