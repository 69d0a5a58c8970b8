import Box, { type BoxProps } from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A form checked by the app rather than the browser (`noValidate`): Enter or a submit button
 * calls `onSubmit`, and the page never reloads. With react-hook-form, pass
 * `form.handleSubmit(onValid)`.
 */
export function SubmitForm({
  onSubmit,
  children,
  id,
  sx,
  onInput,
}: {
  onSubmit: () => void | Promise<void>;
  children: ReactNode;
  /** Lets a submit button outside the form (a dialog's actions) send it: `form={id}`. */
  id?: string;
  sx?: BoxProps['sx'];
  /** Any typing in the form (the sign-in forms start loading the auth client then). */
  onInput?: () => void;
}) {
  return (
    <Box
      component="form"
      noValidate
      id={id}
      sx={sx}
      onInput={onInput}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </Box>
  );
}
