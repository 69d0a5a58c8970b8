import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconLayoutGridAdd } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavEntry } from '../useNavItems';

/** How many pages the shortcuts menu offers. */
export const SHORTCUTS_MAX = 6;

/** Quick links to the pages the user may open (the first ones of the navigation). */
export function ShortcutsMenu({ items }: { items: readonly NavEntry[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shortcuts = items.slice(0, SHORTCUTS_MAX);
  if (shortcuts.length === 0) return null;

  return (
    <>
      <Tooltip title={t('layout.shortcuts.title')}>
        <IconButton
          aria-label={t('layout.shortcuts.button')}
          aria-haspopup="dialog"
          aria-controls={anchor ? id : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <IconLayoutGridAdd size={22} aria-hidden />
        </IconButton>
      </Tooltip>
      <Popover
        id={id}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': `${id}-title`,
            sx: { width: { xs: 'calc(100vw - 32px)', sm: 340 }, mt: 1 },
          },
        }}
      >
        <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ px: 2.5, py: 1.75 }}>
          {t('layout.shortcuts.title')}
        </Typography>
        <Divider />
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gridTemplateColumns: '1fr 1fr',
            '& > li:nth-of-type(odd)': { borderInlineEnd: 1, borderColor: 'divider' },
            '& > li:not(:nth-last-of-type(-n + 2))': { borderBottom: 1, borderColor: 'divider' },
          }}
        >
          {shortcuts.map((entry) => {
            const { Icon } = entry;
            return (
              <li key={entry.name}>
                <Box
                  component={Link}
                  to={entry.path}
                  onClick={() => setAnchor(null)}
                  sx={{
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    gap: 1,
                    px: 2,
                    py: 2.5,
                    color: 'text.primary',
                    textDecoration: 'none',
                    textAlign: 'center',
                    '&:hover': { bgcolor: 'action.hover' },
                    '&:focus-visible': {
                      outline: '2px solid',
                      outlineColor: 'primary.main',
                      outlineOffset: -2,
                    },
                  }}
                >
                  <Avatar
                    sx={{
                      width: 48,
                      height: 48,
                      bgcolor: 'action.selected',
                      color: 'text.primary',
                    }}
                  >
                    <Icon size={24} stroke={1.75} aria-hidden />
                  </Avatar>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {entry.title}
                  </Typography>
                </Box>
              </li>
            );
          })}
        </Box>
      </Popover>
    </>
  );
}
