import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import { IconHelp } from '@tabler/icons-react';
import { useMatches } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/tag-manager';
import { helpButtonPlacement } from '../help-placement';
import { RequestHelpDialog, type RequestHelpCloseReason } from './RequestHelpDialog';

const MODAL = 'request_help';
const OFFSET = { xs: 16, sm: 24 };

/**
 * The floating help button on every page (spec sections 1 and 2): bottom-right, and
 * bottom-left with the tooltip 'Get Help' on the agents-id and projects-id routes. `left`
 * and `right` are mirrored in right-to-left languages by the RTL style plugin. `startInset`:
 * the width of a fixed navigation at the inline start, which the bottom-left button must clear.
 */
export function HelpButton({ startInset = 0 }: { startInset?: number } = {}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const placement = useMatches({
    select: (matches) => helpButtonPlacement(matches.map((match) => match.routeId)),
  });
  const label = t('help.button');

  const openDialog = () => {
    track('button_click', { button: 'help' });
    track('modal_open', { modal: MODAL });
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
      sx={{
        position: 'fixed',
        bottom: OFFSET,
        ...(placement === 'start'
          ? { left: { xs: OFFSET.xs + startInset, sm: OFFSET.sm + startInset } }
          : { right: OFFSET }),
        zIndex: (theme) => theme.zIndex.speedDial,
      }}
    >
      <IconHelp size={24} aria-hidden />
    </Fab>
  );

  return (
    <>
      {placement === 'start' ? (
        <Tooltip title={label} placement="top">
          {button}
        </Tooltip>
      ) : (
        button
      )}
      <RequestHelpDialog open={open} onClose={closeDialog} />
    </>
  );
}
