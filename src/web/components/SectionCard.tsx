import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * A section of a page in an outlined card, named by its h2. `id` is the heading's, so that a
 * table inside can be labelled by it too.
 */
export function SectionCard({
  id,
  title,
  intro,
  action,
  headingGap = 0,
  children,
}: {
  id: string;
  title: string;
  /** A sentence under the heading saying what the section shows. */
  intro?: ReactNode;
  /** A button at the end of the heading's row (the row stays when it is null). */
  action?: ReactNode;
  /** Space under the heading (without an intro or an action). */
  headingGap?: number;
  children: ReactNode;
}) {
  const heading = (
    <Typography
      id={id}
      variant="h6"
      component="h2"
      sx={intro || action !== undefined ? undefined : { mb: headingGap }}
    >
      {title}
    </Typography>
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardContent>
        {action !== undefined ? (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
          >
            {heading}
            {action}
          </Stack>
        ) : (
          heading
        )}
        {intro ? (
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
            {intro}
          </Typography>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}
