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
import CircularProgress from '@mui/material/CircularProgress';
import {
  IconAddressBook,
  IconArrowsVertical,
  IconCornerDownLeft,
  IconDatabase,
  IconFileText,
  IconFolder,
  IconSearch,
  IconUser,
  IconX,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { SearchHit } from '../../../../shared/schemas/search';
import { useAbility } from '../../../lib/ability';
import { useAuthState } from '../../../lib/auth-store';
import { serverSearchQueryOptions } from '../api/search';
import { PersonAvatar } from './PersonAvatar';
import {
  moveActiveIndex,
  recordTarget,
  SERVER_SEARCH_DEBOUNCE_MS,
  SERVER_SEARCH_MIN_CHARS,
  searchItems,
  searchSections,
  wantsServerSearch,
  type RecordGroup,
  type SearchItem,
  type SearchOption,
} from '../search';
import { useDebouncedValue } from '../../../lib/useDebouncedValue';

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
 * The Ctrl/Cmd+K search: the pages of the navigation, and from two characters on the projects,
 * data sources and customers of the selected organisation (GET /api/v1/search, debounced). A
 * combobox whose results, in sections, the arrow keys move through as one list; Enter (or a
 * click) opens the active one, Escape closes.
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

const GROUP_ICONS: Record<RecordGroup, TablerIcon> = {
  projects: IconFolder,
  'data-sources': IconDatabase,
  customers: IconAddressBook,
  people: IconUser,
};

const DATA_SOURCE_LABELS: Record<string, string> = {
  postgres: 'PostgreSQL',
  mysql: 'MySQL / MariaDB',
  http: 'HTTP API',
};

const subheaderSx = {
  lineHeight: '32px',
  fontSize: '0.75rem',
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  bgcolor: 'background.paper',
} as const;

function SearchPanel({ items, onClose, onSelect }: Omit<SearchDialogProps, 'open'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canReadUsers = useAbility().can('read', 'User');
  const baseId = useId();
  const listId = `${baseId}-results`;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const orgId = useAuthState((state) => state.selectedOrgId);
  const pages = useMemo(() => searchItems(items, query), [items, query]);
  const debounced = useDebouncedValue(query, SERVER_SEARCH_DEBOUNCE_MS);
  const asking = wantsServerSearch(query);
  const server = useQuery({
    ...serverSearchQueryOptions(orgId, debounced),
    enabled: orgId !== null && asking && wantsServerSearch(debounced),
    placeholderData: keepPreviousData,
  });
  const response = asking ? server.data : undefined;
  const sections = useMemo(() => searchSections(pages, response), [pages, response]);
  const options = sections.flatMap((section) => section.options);
  const searching =
    asking && orgId !== null && (server.isFetching || debounced.trim() !== query.trim());
  const activeIndex = options.length === 0 ? -1 : Math.min(active, options.length - 1);
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const choose = (option: SearchOption<SearchResultItem> | undefined) => {
    if (!option) return;
    if (option.kind === 'page') {
      onSelect(option.item);
      return;
    }
    const target = recordTarget(option.group, option.hit.id, canReadUsers);
    onClose();
    if (target.search) void navigate({ to: target.to, search: target.search });
    else void navigate({ to: target.to });
  };

  const scrollIntoView = (index: number) => {
    document.getElementById(optionId(index))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = moveActiveIndex(activeIndex, event.key === 'ArrowDown' ? 1 : -1, options.length);
      setActive(next);
      scrollIntoView(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(options[activeIndex]);
    }
  };

  const subtitle = (group: RecordGroup, hit: SearchHit): string | undefined => {
    if (!hit.subtitle) return undefined;
    if (group === 'projects' && (hit.subtitle === 'active' || hit.subtitle === 'archived')) {
      return t(`layout.search.projectStatus.${hit.subtitle}`);
    }
    if (group === 'data-sources') {
      return hit.subtitle === 'file'
        ? t('layout.search.fileSource')
        : (DATA_SOURCE_LABELS[hit.subtitle] ?? hit.subtitle);
    }
    return hit.subtitle;
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
            'aria-busy': searching,
            autoComplete: 'off',
            spellCheck: false,
          }}
          sx={{ fontSize: '1.0625rem' }}
        />
        {searching ? <CircularProgress size={18} aria-hidden /> : null}
        <Box component="span" role="status" sx={visuallyHidden}>
          {searching ? t('layout.search.searching') : ''}
        </Box>
        <Kbd>{t('layout.search.escKey')}</Kbd>
        <IconButton size="small" onClick={onClose} aria-label={t('layout.search.close')}>
          <IconX size={20} aria-hidden />
        </IconButton>
      </Box>

      <Box>
        {options.length === 0 ? (
          <Box
            id={listId}
            role="listbox"
            aria-label={t('layout.search.results')}
            sx={{ px: 3, py: 6, textAlign: 'center', color: 'text.secondary' }}
          >
            <IconFileText size={40} aria-hidden style={{ opacity: 0.5 }} />
            <Typography sx={{ mt: 1 }} role="status">
              {searching
                ? t('layout.search.searching')
                : t('layout.search.noResults', { query: query.trim() })}
            </Typography>
          </Box>
        ) : (
          // The listbox scrolls; it can take the focus too (Tab from the input), with the same
          // keys, so that a keyboard can reach every result.
          <List
            id={listId}
            role="listbox"
            aria-label={t('layout.search.results')}
            tabIndex={0}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            onKeyDown={onKeyDown}
            sx={{
              pt: 0,
              pb: 1,
              maxHeight: { xs: '60vh', sm: 420 },
              overflowY: 'auto',
              '&:focus-visible': {
                outline: '2px solid',
                outlineColor: 'primary.main',
                outlineOffset: -2,
              },
            }}
          >
            {sections.map((section) => {
              const headerId = `${baseId}-group-${section.group}`;
              return (
                <Box component="li" role="group" aria-labelledby={headerId} key={section.group}>
                  <ListSubheader id={headerId} component="div" role="presentation" sx={subheaderSx}>
                    {section.group === 'pages'
                      ? t('layout.search.pages')
                      : t(`layout.search.groups.${GROUP_KEYS[section.group]}`)}
                  </ListSubheader>
                  <Box component="ul" role="presentation" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                    {section.options.map((option) => {
                      const position = options.indexOf(option);
                      const selected = position === activeIndex;
                      const Icon = option.kind === 'record' ? GROUP_ICONS[option.group] : null;
                      return (
                        <ListItemButton
                          component="li"
                          key={option.key}
                          id={optionId(position)}
                          role="option"
                          aria-selected={selected}
                          tabIndex={-1}
                          selected={selected}
                          onMouseMove={() => {
                            if (!selected) setActive(position);
                          }}
                          onClick={() => choose(option)}
                          sx={{ mx: 1, borderRadius: 1.5, gap: 0.5 }}
                        >
                          <ListItemIcon sx={{ minWidth: 36, color: 'inherit' }}>
                            {option.kind === 'page' ? (
                              (option.item.icon ?? <IconFileText size={20} aria-hidden />)
                            ) : option.group === 'people' ? (
                              <PersonAvatar
                                name={option.hit.title}
                                image={option.hit.image ?? null}
                              />
                            ) : Icon ? (
                              <Icon size={20} stroke={1.75} aria-hidden />
                            ) : null}
                          </ListItemIcon>
                          <ListItemText
                            primary={option.kind === 'page' ? option.item.title : option.hit.title}
                            secondary={
                              option.kind === 'record'
                                ? subtitle(option.group, option.hit)
                                : undefined
                            }
                            slotProps={{
                              primary: { noWrap: true, dir: 'auto' },
                              secondary: { noWrap: true, dir: 'auto' },
                            }}
                          />
                          {selected ? <IconCornerDownLeft size={18} aria-hidden /> : null}
                        </ListItemButton>
                      );
                    })}
                  </Box>
                </Box>
              );
            })}
          </List>
        )}
        {query.trim().length === 1 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }}>
            {t('layout.search.minChars', { min: SERVER_SEARCH_MIN_CHARS })}
          </Typography>
        ) : null}
        {asking && server.isError ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 2 }} role="alert">
            {t('layout.search.failed')}
          </Typography>
        ) : null}
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

const GROUP_KEYS = {
  projects: 'projects',
  'data-sources': 'dataSources',
  customers: 'customers',
  people: 'people',
} as const satisfies Record<RecordGroup, string>;
