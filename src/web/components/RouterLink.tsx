import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
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

/** An MUI Link that navigates with the router (typed `to`, `search`, `params`). */
export const RouterLink = createLink(MuiLinkAnchor);

/** An MUI Button that is a router link. */
export const RouterButton = createLink(MuiButtonAnchor);
