import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { IconPlayerStopFilled, IconSend } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX } from '../../../../../shared/schemas/chat';

/** The message field: Enter sends, Shift+Enter starts a new line; Stop while an answer comes. */
export function ChatComposer({
  agentName,
  busy,
  disabled,
  onSend,
  onStop,
}: {
  agentName: string;
  busy: boolean;
  disabled: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = () => {
    const message = text.trim();
    if (!message || busy || disabled) return;
    onSend(message);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'flex-end' }}
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <TextField
        label={t('agents.chat.composer.label', { name: agentName })}
        placeholder={t('agents.chat.composer.placeholder')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        multiline
        maxRows={8}
        fullWidth
        size="small"
        disabled={disabled}
        slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX, dir: 'auto' } }}
      />
      {busy ? (
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<IconPlayerStopFilled size={18} aria-hidden />}
          onClick={onStop}
          sx={{ flexShrink: 0 }}
        >
          {t('agents.chat.composer.stop')}
        </Button>
      ) : (
        <Button
          type="submit"
          variant="contained"
          startIcon={<IconSend size={18} aria-hidden />}
          disabled={disabled || !text.trim()}
          sx={{ flexShrink: 0 }}
        >
          {t('agents.chat.composer.send')}
        </Button>
      )}
    </Stack>
  );
}
