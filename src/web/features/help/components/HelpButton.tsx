import Fab from '@mui/material/Fab';
import { IconHelp } from '@tabler/icons-react';
import { useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/tag-manager';
import { helpButtonPlacement } from '../help-placement';
import { FULL_SCREEN_ATTRIBUTE, Z } from '../../../theme/theme';
import type { RequestHelpCloseReason } from './RequestHelpDialog';

// The dialog (its form, schema and error texts) is fetched when needed, not with the first
// page: on first hover, focus or click of the button.
const loadDialog = () => import('./RequestHelpDialog');
const RequestHelpDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.RequestHelpDialog })),
);
const prefetchDialog = () => void loadDialog().catch(() => undefined); // a click retries

const MODAL = 'request_help';
const OFFSET = { xs: 16, sm: 24 };

/** Wraps the bottom-left button in its 'Get Help' tooltip. */
export type HelpTooltip = (button: ReactElement, label: string) => ReactElement;

/**
 * The floating help button on every page (spec sections 1 and 2): bottom-right, and
 * bottom-left with the tooltip 'Get Help' on the agents-id and projects-id routes. `left`
 * and `right` are mirrored in right-to-left languages by the RTL style plugin. `startInset`:
 * the width of a fixed navigation at the inline start, which the bottom-left button must clear.
 * `tooltip` comes from the signed-in layout, whose routes are the only ones placing the button
 * at the start (and whose chunk has MUI's Tooltip already): the public pages never load it, and
 * the button is never swapped for a wrapped copy after it appeared.
 */
export function HelpButton({
  startInset = 0,
  tooltip,
}: { startInset?: number; tooltip?: HelpTooltip } = {}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The dialog mounts on first open and stays mounted (its closing transition, its state).
  const [dialogMounted, setDialogMounted] = useState(false);
  const placement = useMatches({
    select: (matches) => helpButtonPlacement(matches.map((match) => match.routeId)),
  });
  const label = t('help.button');

  const openDialog = () => {
    track('button_click', { button: 'help' });
    track('modal_open', { modal: MODAL });
    setDialogMounted(true);
    setOpen(true);
  };

  const closeDialog = (reason: RequestHelpCloseReason) => {
    setOpen(false);
    track('modal_close', { modal: MODAL, reason });
  };

  const button = (
    <Fab
      color="primary"
      size="medium"
      aria-label={label}
      aria-haspopup="dialog"
      onClick={openDialog}
      onPointerEnter={prefetchDialog}
      onFocus={prefetchDialog}
      sx={{
        position: 'fixed',
        bottom: OFFSET,
        ...(placement === 'start'
          ? { left: { xs: OFFSET.xs + startInset, sm: OFFSET.sm + startInset } }
          : { right: OFFSET }),
        zIndex: (theme) => theme.zIndex.speedDial,
        // Over a full-screen view; otherwise under the navigation, which may widen over it.
        [`body[${FULL_SCREEN_ATTRIBUTE}] &`]: { zIndex: Z.helpButtonOverFullScreen },
      }}
    >
      <IconHelp size={24} aria-hidden />
    </Fab>
  );

  return (
    <>
      {placement === 'start' && tooltip ? tooltip(button, label) : button}
      {dialogMounted ? (
        <Suspense fallback={null}>
          <RequestHelpDialog open={open} onClose={closeDialog} />
        </Suspense>
      ) : null}
    </>
  );
}
