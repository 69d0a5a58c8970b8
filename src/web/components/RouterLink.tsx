import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

const MuiLinkAnchor = forwardRef<HTMLAnchorElement, Omit<MuiLinkProps, 'href'>>(
  function MuiLinkAnchor(props, ref) {
    return <MuiLink ref={ref} {...props} />;
  },
);

const MuiButtonAnchor = forwardRef<HTMLAnchorElement, Omit<ButtonProps<'a'>, 'href'>>(
  function MuiButtonAnchor(props, ref) {
    return <Button ref={ref} component="a" {...props} />;
  },
);

const MuiListItemButtonAnchor = forwardRef<
  HTMLAnchorElement,
  Omit<ListItemButtonProps<'a'>, 'href'>
>(function MuiListItemButtonAnchor(props, ref) {
  return <ListItemButton ref={ref} component="a" {...props} />;
});

const MuiMenuItemAnchor = forwardRef<HTMLAnchorElement, Omit<MenuItemProps<'a'>, 'href'>>(
  function MuiMenuItemAnchor(props, ref) {
    return <MenuItem ref={ref} component="a" {...props} />;
  },
);

/** An MUI Link that navigates with the router (typed `to`, `search`, `params`). */
export const RouterLink = createLink(MuiLinkAnchor);

/** An MUI Button that is a router link. */
export const RouterButton = createLink(MuiButtonAnchor);

/** An MUI ListItemButton that is a router link (navigation menus). */
export const RouterListItemButton = createLink(MuiListItemButtonAnchor);

/** An MUI MenuItem that is a router link (menus of links). */
export const RouterMenuItem = createLink(MuiMenuItemAnchor);
