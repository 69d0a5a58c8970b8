import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { Theme } from '@mui/material/styles';
import { RouterListItemButton } from '../../components/RouterLink';
import type { NavEntry } from '../useNavItems';

/** The active entry: the primary colour as a gradient towards the text side, like Vuexy. */
export const activeNavSx = (theme: Theme) => ({
  color: theme.vars.palette.primary.contrastText,
  background: `linear-gradient(${theme.direction === 'rtl' ? 90 : 270}deg, ${theme.alpha(
    theme.vars.palette.primary.main,
    0.7,
  )} 0%, ${theme.vars.palette.primary.main} 100%)`,
  boxShadow: `0 2px 6px ${theme.alpha(theme.vars.palette.primary.main, 0.3)}`,
  '&:hover': {
    background: `linear-gradient(${theme.direction === 'rtl' ? 90 : 270}deg, ${theme.alpha(
      theme.vars.palette.primary.main,
      0.8,
    )} 0%, ${theme.vars.palette.primary.dark} 100%)`,
  },
});

/** One entry of the vertical navigation: icon and title (the title hides when narrow). */
export function NavLinkItem({
  entry,
  active,
  narrow,
  onNavigate,
}: {
  entry: NavEntry;
  active: boolean;
  narrow: boolean;
  onNavigate?: () => void;
}) {
  const { Icon } = entry;
  return (
    <li>
      <RouterListItemButton
        to={entry.path}
        onClick={onNavigate}
        aria-current={active ? 'page' : undefined}
        aria-label={narrow ? entry.title : undefined}
        sx={[
          {
            minHeight: 40,
            mx: 1.5,
            my: 0.25,
            px: 1.5,
            borderRadius: 1.5,
            gap: 1,
            color: 'text.primary',
            overflow: 'hidden',
            whiteSpace: 'nowrap',
          },
          active ? activeNavSx : {},
        ]}
      >
        <ListItemIcon sx={{ minWidth: 0, color: 'inherit' }}>
          <Icon size={22} stroke={1.75} aria-hidden />
        </ListItemIcon>
        <ListItemText
          primary={entry.title}
          sx={{
            my: 0,
            opacity: narrow ? 0 : 1,
            transition: 'opacity 150ms',
            '& .MuiListItemText-primary': { fontSize: '0.9375rem', fontWeight: active ? 500 : 400 },
          }}
        />
      </RouterListItemButton>
    </li>
  );
}
