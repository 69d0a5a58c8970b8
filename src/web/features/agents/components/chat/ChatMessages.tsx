import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconListDetails } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../../components/visually-hidden';
import { chatErrorText, runIdOf, textOf, type ChatMessage } from './chat-logic';

interface Props {
  agentName: string;
  messages: ChatMessage[];
  /** The chat's status: an answer is awaited or streaming. */
  busy: boolean;
  waiting: boolean;
  loading: boolean;
  error: Error | undefined;
  onSteps: (runId: string) => void;
}

/** The conversation as a log: the user's messages at the end side, the agent's at the start. */
export function ChatMessages({
  agentName,
  messages,
  busy,
  waiting,
  loading,
  error,
  onSteps,
}: Props) {
  const { t, i18n } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const lastLength = last ? textOf(last).length : 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, lastLength, error]);

  return (
    <Box
      role="log"
      aria-live="polite"
      aria-relevant="additions text"
      aria-label={t('agents.chat.messages', { name: agentName })}
      aria-busy={busy || loading}
      tabIndex={0}
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
      }}
    >
      {loading ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <CircularProgress size={18} aria-hidden />
          <Typography>{t('agents.chat.loadingMessages')}</Typography>
        </Stack>
      ) : messages.length === 0 && !error ? (
        <Typography color="text.secondary" sx={{ m: 'auto', textAlign: 'center' }}>
          {t('agents.chat.empty', { name: agentName })}
        </Typography>
      ) : null}
      {loading
        ? null
        : messages.map((message) => {
            const mine = message.role === 'user';
            const text = textOf(message);
            const runId = mine ? undefined : runIdOf(message);
            if (!mine && !text && !runId) return null;
            return (
              <Box
                key={message.id}
                sx={{
                  alignSelf: mine ? 'flex-end' : 'flex-start',
                  maxWidth: '85%',
                  display: 'flex',
                  flexDirection: 'column',
                  alignItems: mine ? 'flex-end' : 'flex-start',
                }}
              >
                <Box
                  sx={{
                    px: 1.5,
                    py: 1,
                    borderRadius: 2,
                    bgcolor: mine ? 'primary.main' : 'action.hover',
                    color: mine ? 'primary.contrastText' : 'text.primary',
                  }}
                >
                  <Box component="span" sx={visuallyHidden}>
                    {mine ? t('agents.chat.you') : t('agents.chat.agentSaid', { name: agentName })}
                  </Box>
                  <Typography
                    component="p"
                    dir="auto"
                    sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', m: 0 }}
                  >
                    {text}
                  </Typography>
                </Box>
                {runId ? (
                  <Button
                    size="small"
                    startIcon={<IconListDetails size={16} aria-hidden />}
                    onClick={() => onSteps(runId)}
                    sx={{ mt: 0.25 }}
                  >
                    {t('agents.chat.steps.open')}
                  </Button>
                ) : null}
              </Box>
            );
          })}
      {waiting ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', alignSelf: 'flex-start' }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            {t('agents.chat.answering', { name: agentName })}
          </Typography>
        </Stack>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {chatErrorText(t, i18n.language, error)}
        </Alert>
      ) : null}
      <div ref={end} />
    </Box>
  );
}
