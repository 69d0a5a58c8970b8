import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import {
  IconArrowsVertical,
  IconCornerDownLeft,
  IconFileText,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moveActiveIndex, searchItems, type SearchItem } from '../search';

export interface SearchResultItem extends SearchItem {
  icon?: ReactNode;
}

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  items: readonly SearchResultItem[];
  onSelect: (item: SearchResultItem) => void;
}

function Kbd({ children }: { children: ReactNode }) {
  return (
    <Box
      component="kbd"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 22,
        height: 22,
        px: 0.5,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
        fontFamily: 'inherit',
        fontSize: '0.75rem',
        color: 'text.secondary',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * The Ctrl/Cmd+K search over the pages of the navigation: a combobox whose results the arrow
 * keys move through; Enter (or a click) opens the active page, Escape closes.
 */
export function SearchDialog({ open, onClose, items, onSelect }: SearchDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="search-dialog-title"
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{ paper: { sx: { mt: { xs: 2, sm: '10vh' }, mx: { xs: 2, sm: 4 } } } }}
    >
      {open ? <SearchPanel items={items} onClose={onClose} onSelect={onSelect} /> : null}
    </Dialog>
  );
}

function SearchPanel({ items, onClose, onSelect }: Omit<SearchDialogProps, 'open'>) {
  const { t } = useTranslation();
  const baseId = useId();
  const listId = `${baseId}-results`;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const results = useMemo(() => searchItems(items, query), [items, query]);
  const activeIndex = results.length === 0 ? -1 : Math.min(active, results.length - 1);
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const choose = (item: SearchResultItem | undefined) => {
    if (!item) return;
    onSelect(item);
  };

  const scrollIntoView = (index: number) => {
    document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = moveActiveIndex(activeIndex, event.key === 'ArrowDown' ? 1 : -1, results.length);
      setActive(next);
      scrollIntoView(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(results[activeIndex]);
    }
  };

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2.5,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <IconSearch size={22} aria-hidden />
        <Typography id="search-dialog-title" component="h2" sx={visuallyHidden}>
          {t('layout.search.title')}
        </Typography>
        <InputBase
          autoFocus
          fullWidth
          value={query}
          placeholder={t('layout.search.placeholder')}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          inputProps={{
            role: 'combobox',
            'aria-label': t('layout.search.inputLabel'),
            'aria-expanded': true,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
            autoComplete: 'off',
            spellCheck: false,
          }}
          sx={{ fontSize: '1.0625rem' }}
        />
        <Kbd>{t('layout.search.escKey')}</Kbd>
        <IconButton size="small" onClick={onClose} aria-label={t('layout.search.close')}>
          <IconX size={20} aria-hidden />
        </IconButton>
      </Box>

      <Box sx={{ maxHeight: { xs: '60vh', sm: 420 }, overflowY: 'auto' }}>
        {results.length === 0 ? (
          <Box
            id={listId}
            role="listbox"
            aria-label={t('layout.search.results')}
            sx={{ px: 3, py: 6, textAlign: 'center', color: 'text.secondary' }}
          >
            <IconFileText size={40} aria-hidden style={{ opacity: 0.5 }} />
            <Typography sx={{ mt: 1 }} role="status">
              {t('layout.search.noResults', { query: query.trim() })}
            </Typography>
          </Box>
        ) : (
          <List
            id={listId}
            role="listbox"
            aria-label={t('layout.search.results')}
            sx={{ py: 1 }}
            subheader={
              <ListSubheader
                component="div"
                role="presentation"
                sx={{
                  lineHeight: '32px',
                  fontSize: '0.75rem',
                  textTransform: 'uppercase',
                  letterSpacing: '0.06em',
                  bgcolor: 'background.paper',
                }}
              >
                {t('layout.search.pages')}
              </ListSubheader>
            }
          >
            {results.map((item, index) => {
              const selected = index === activeIndex;
              return (
                <ListItemButton
                  key={item.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  tabIndex={-1}
                  selected={selected}
                  onMouseMove={() => {
                    if (!selected) setActive(index);
                  }}
                  onClick={() => choose(item)}
                  sx={{ mx: 1, borderRadius: 1.5, gap: 0.5 }}
                >
                  <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
                    {item.icon ?? <IconFileText size={20} aria-hidden />}
                  </ListItemIcon>
                  <ListItemText primary={item.title} />
                  {selected ? <IconCornerDownLeft size={18} aria-hidden /> : null}
                </ListItemButton>
              );
            })}
          </List>
        )}
      </Box>

      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', sm: 'flex' },
          gap: 2.5,
          px: 2.5,
          py: 1.25,
          borderTop: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          fontSize: '0.8125rem',
          alignItems: 'center',
        }}
      >
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <Kbd>
            <IconArrowsVertical size={14} />
          </Kbd>
          {t('layout.search.hintNavigate')}
        </Box>
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <Kbd>
            <IconCornerDownLeft size={14} />
          </Kbd>
          {t('layout.search.hintOpen')}
        </Box>
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
          <Kbd>{t('layout.search.escKey')}</Kbd>
          {t('layout.search.hintClose')}
        </Box>
      </Box>
    </>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
