import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconArrowLeft, type Icon as TablerIcon } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { ErrorAlert, type ErrorDescriber } from './ErrorAlert';
import { RouterButton } from './RouterLink';

/** The link back to the list at the top of a record's page (its arrow turns in right-to-left). */
export function BackLink({
  to,
  children,
}: {
  to: ComponentProps<typeof RouterButton>['to'];
  children: ReactNode;
}) {
  return (
    <RouterButton
      to={to}
      startIcon={
        <Box component="span" sx={{ display: 'flex', '[dir=rtl] &': { transform: 'scaleX(-1)' } }}>
          <IconArrowLeft size={18} aria-hidden />
        </Box>
      }
      sx={{ alignSelf: 'flex-start' }}
    >
      {children}
    </RouterButton>
  );
}

/**
 * A big centred message in a card: an icon, a heading, a sentence, and ways on (a record that
 * does not exist, an empty list). `heading` is the page's h1 when the card stands for the page.
 */
export function MessageCard({
  icon: Icon,
  title,
  body,
  heading = 'h1',
  iconColor = 'text.secondary',
  children,
}: {
  icon: TablerIcon;
  title: string;
  body: string;
  heading?: 'h1' | 'h2';
  iconColor?: string;
  /** The actions, in a row under the text. */
  children?: ReactNode;
}) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ textAlign: 'center', py: 8 }}>
        <Box sx={{ color: iconColor }}>
          <Icon size={56} stroke={1.5} aria-hidden />
        </Box>
        <Typography variant="h5" component={heading} sx={{ fontWeight: 600, mt: 2 }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 480, mx: 'auto' }}>
          {body}
        </Typography>
        {children ? (
          <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'center' }}>
            {children}
          </Stack>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A record's page whose record could not be loaded: the page's h1 and the error, to retry. */
export function LoadFailed({
  title,
  lead,
  error,
  onRetry,
  describe,
}: {
  title: string;
  lead: string;
  error: unknown;
  onRetry: () => void;
  describe?: ErrorDescriber;
}) {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <ErrorAlert lead={lead} error={error} onRetry={onRetry} describe={describe} />
    </>
  );
}
