import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOnOpen } from '../../../lib/lazy-on-open';

// The drawer (its options, colour picker and switches) is fetched when first opened.
const Customizer = lazyOnOpen(() => import('./Customizer').then((module) => module.Customizer));

/** The navbar button opening the theme customizer. */
export function CustomizerButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('layout.customizer.open')}>
        <IconButton
          aria-label={t('layout.customizer.open')}
          aria-haspopup="dialog"
          aria-expanded={open ? true : undefined}
          onClick={() => setOpen(true)}
          onPointerEnter={Customizer.prefetch}
          onFocus={Customizer.prefetch}
        >
          <IconSettings size={22} aria-hidden />
        </IconButton>
      </Tooltip>
      <Customizer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
