import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import { useScrollTrigger } from './useScrollTrigger';
import { IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '../../../shared/constants';

/** Appears after scrolling more than 200 px; above the help button, on the same side. */
export function ScrollToTop() {
  const { t } = useTranslation();
  const visible = useScrollTrigger({
    disableHysteresis: true,
    threshold: SCROLL_TO_TOP_THRESHOLD_PX,
  });
  const reducedMotion =
    typeof window !== 'undefined' &&
    window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

  return (
    <Zoom in={visible} unmountOnExit>
      <Fab
        color="primary"
        size="small"
        aria-label={t('layout.scrollToTop')}
        onClick={() => window.scrollTo({ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' })}
        sx={{
          position: 'fixed',
          // The help button (48 px) sits 16/24 px from the bottom corner; this stacks above it.
          bottom: { xs: 16 + 48 + 16, sm: 24 + 48 + 16 },
          right: { xs: 16 + 4, sm: 24 + 4 },
          zIndex: (theme) => theme.zIndex.speedDial,
        }}
      >
        <IconArrowUp size={20} aria-hidden />
      </Fab>
    </Zoom>
  );
}
