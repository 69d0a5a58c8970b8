import { useChat } from '@ai-sdk/react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { IconMessageOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DefaultChatTransport } from 'ai';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversationDto } from '../../../../../shared/schemas/chat';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { MessageCard } from '../../../../components/PageStates';
import { useAuthState } from '../../../../lib/auth-store';
import {
  chatAgentQueryOptions,
  chatHeaders,
  chatKeys,
  chatUrl,
  conversationQueryOptions,
  conversationsQueryOptions,
} from '../../api/chat';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { ConversationNav } from './ConversationNav';
import { RunStepsDialog } from './RunStepsDialog';
import { lastUserText, toChatMessages, type ChatMessage } from './chat-logic';

export interface AgentChatProps {
  agentId: string;
  agentName: string;
}

/**
 * Sends `{ conversationId, message }`: the last user message, in the conversation the send names
 * (none: the server starts one), with the app's headers.
 */
function chatTransport(agentId: string) {
  return new DefaultChatTransport<ChatMessage>({
    api: chatUrl(agentId),
    credentials: 'same-origin',
    prepareSendMessagesRequest: ({ messages, body }) => {
      const conversationId = (body as { conversationId?: string } | undefined)?.conversationId;
      return {
        body: { ...(conversationId ? { conversationId } : {}), message: lastUserText(messages) },
        headers: { Accept: 'text/event-stream', ...chatHeaders() },
        credentials: 'same-origin',
      };
    },
  });
}

function ChatSession({ agentId, agentName }: AgentChatProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const queryClient = useQueryClient();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const conversations = useQuery(conversationsQueryOptions(orgId, agentId));
  const [conversationId, setConversationId] = useState<string | null>(null);
  const conversationRef = useRef<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [stepsOf, setStepsOf] = useState<string | null>(null);
  const switchToken = useRef(0);

  const remember = (id: string | null) => {
    conversationRef.current = id;
    setConversationId(id);
  };

  const [transport] = useState(() => chatTransport(agentId));

  const listKey = chatKeys.conversations(orgId, agentId);
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: listKey });

  const chat = useChat<ChatMessage>({
    id: `agent-chat-${agentId}`,
    transport,
    onData: (part) => {
      if (part.type === 'data-conversation') {
        const conversation = part.data;
        remember(conversation.id);
        queryClient.setQueryData<{ items: ConversationDto[] }>(listKey, (list) =>
          list && !list.items.some((c) => c.id === conversation.id)
            ? { items: [conversation, ...list.items] }
            : list,
        );
        refreshList();
      }
    },
    onFinish: refreshList,
  });
  const { messages, setMessages, status, stop, error, clearError, sendMessage } = chat;
  const busy = status === 'submitted' || status === 'streaming';

  const startNew = () => {
    switchToken.current += 1;
    void stop();
    clearError();
    setLoading(false);
    setLoadError(null);
    remember(null);
    setMessages([]);
  };

  const select = async (id: string) => {
    if (id === conversationRef.current && !loadError) return;
    const token = ++switchToken.current;
    void stop();
    clearError();
    remember(id);
    setMessages([]);
    setLoadError(null);
    setLoading(true);
    try {
      const conversation = await queryClient.fetchQuery(
        conversationQueryOptions(orgId, agentId, id),
      );
      if (token === switchToken.current) setMessages(toChatMessages(conversation.messages));
    } catch (failure) {
      if (token === switchToken.current) setLoadError(failure);
    } finally {
      if (token === switchToken.current) setLoading(false);
    }
  };

  const lastMessage = messages.at(-1);
  const waiting =
    status === 'submitted' ||
    (status === 'streaming' &&
      lastMessage?.role === 'assistant' &&
      !lastMessage.parts.some((p) => p.type === 'text' && p.text));

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: narrow ? 'minmax(0, 1fr)' : '260px minmax(0, 1fr)',
        // On a phone the chat fills what the tab leaves, so the composer stays on the screen.
        gridTemplateRows: narrow ? 'auto minmax(320px, 1fr)' : undefined,
        height: narrow ? '100%' : undefined,
        gap: 2,
        alignItems: 'stretch',
      }}
    >
      <ConversationNav
        agentId={agentId}
        conversations={conversations.data?.items}
        loading={conversations.isPending && orgId !== null}
        error={conversations.error}
        onRetry={() => void conversations.refetch()}
        current={conversationId}
        narrow={narrow}
        onSelect={(id) => void select(id)}
        onNew={startNew}
        onDeleted={(id) => {
          if (id === conversationRef.current) startNew();
        }}
      />
      <Paper
        variant="outlined"
        component="section"
        aria-label={t('agents.chat.pane', { name: agentName })}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          height: narrow ? 'auto' : 560,
          minHeight: 0,
        }}
      >
        <ErrorAlert
          error={loadError}
          lead={t('agents.chat.loadFailed')}
          onRetry={conversationId ? () => void select(conversationId) : undefined}
          sx={{ m: 1.5 }}
        />
        <ChatMessages
          agentName={agentName}
          messages={messages}
          busy={busy}
          waiting={waiting}
          loading={loading}
          error={error}
          onSteps={setStepsOf}
        />
        <ChatComposer
          agentName={agentName}
          busy={busy}
          disabled={loading}
          onSend={(text) => {
            clearError();
            void sendMessage({ text }, { body: { conversationId } });
          }}
          onStop={() => void stop()}
        />
      </Paper>
      <RunStepsDialog agentId={agentId} runId={stepsOf} onClose={() => setStepsOf(null)} />
    </Box>
  );
}

/**
 * The chat with a published agent: the user's conversations beside the messages, answers
 * streaming in as they come. Says so when the agent has no published version or chat is off.
 */
export function AgentChat({ agentId, agentName }: AgentChatProps) {
  const { t } = useTranslation();
  const orgId = useAuthState((state) => state.selectedOrgId);
  const agent = useQuery(chatAgentQueryOptions(orgId, agentId));
  if (agent.error) {
    return (
      <ErrorAlert
        error={agent.error}
        lead={t('agents.chat.agentFailed')}
        onRetry={() => void agent.refetch()}
      />
    );
  }
  if (!agent.data) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography>{t('agents.chat.loading')}</Typography>
      </Stack>
    );
  }
  if (agent.data.publishedVersion === null) {
    return (
      <MessageCard
        icon={IconMessageOff}
        heading="h2"
        title={t('agents.chat.notPublished.title')}
        body={t('agents.chat.notPublished.body', { name: agentName })}
      />
    );
  }
  if (!agent.data.chatEnabled) {
    return (
      <MessageCard
        icon={IconMessageOff}
        heading="h2"
        title={t('agents.chat.off.title')}
        body={t('agents.chat.off.body', { name: agentName })}
      />
    );
  }
  return <ChatSession key={agentId} agentId={agentId} agentName={agentName} />;
}
