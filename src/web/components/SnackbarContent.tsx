import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';

/**
 * notistack's snackbars with colours that keep white text readable (WCAG AA, 4.5:1):
 * its defaults (e.g. white on #43a047) do not.
 */
export const SnackbarContent = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2E7D32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#C62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#B45309' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579B' },
});

export const SNACKBAR_COMPONENTS = {
  success: SnackbarContent,
  error: SnackbarContent,
  warning: SnackbarContent,
  info: SnackbarContent,
} as const;
