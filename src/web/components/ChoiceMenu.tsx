import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { IconCheck, type Icon as TablerIcon } from '@tabler/icons-react';
import { useId, useState } from 'react';

export interface ChoiceMenuProps<T extends string> {
  /** The button's tooltip ("Language"). */
  tooltip: string;
  /** The button's accessible name, which says the current choice ("Language: English"). */
  buttonLabel: string;
  buttonIcon: TablerIcon;
  options: readonly T[];
  value: T;
  optionLabel: (option: T) => string;
  /** An icon before each option's name. */
  optionIcon?: (option: T) => TablerIcon;
  /** The language of each option's name (a language's own name). */
  optionLang?: (option: T) => string;
  onChoose: (option: T) => void;
  minWidth: number;
}

/** A navbar icon button opening a menu of exclusive choices, the current one checked. */
export function ChoiceMenu<T extends string>({
  tooltip,
  buttonLabel,
  buttonIcon: ButtonIcon,
  options,
  value,
  optionLabel,
  optionIcon,
  optionLang,
  onChoose,
  minWidth,
}: ChoiceMenuProps<T>) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={tooltip}>
        <IconButton
          aria-label={buttonLabel}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <ButtonIcon size={22} aria-hidden />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { mt: 1, minWidth } } }}
      >
        {options.map((option) => {
          const selected = option === value;
          const Icon = optionIcon?.(option);
          return (
            <MenuItem
              key={option}
              lang={optionLang?.(option)}
              selected={selected}
              role="menuitemradio"
              aria-checked={selected}
              onClick={() => {
                setAnchor(null);
                onChoose(option);
              }}
            >
              {Icon ? (
                <ListItemIcon>
                  <Icon size={20} aria-hidden />
                </ListItemIcon>
              ) : null}
              <ListItemText primary={optionLabel(option)} />
              {selected ? <IconCheck size={18} aria-hidden /> : null}
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
