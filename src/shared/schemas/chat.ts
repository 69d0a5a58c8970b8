/**
 * Chat with a published agent (AGENTS.md, "Triggers"): conversations per user and agent, the
 * message a client sends, and what the API returns. Answers stream in the AI SDK's UI message
 * stream protocol; its custom parts are `data-conversation` and `data-run`.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';

export const CHAT_MESSAGE_MAX = 20_000;
export const CONVERSATION_TITLE_MAX = 120;
/** How many earlier messages of a conversation an answer sees as `input.history`. */
export const CHAT_HISTORY_MESSAGES = 20;

export const CHAT_MESSAGES = {
  conversationNotFound: 'Conversation not found',
  chatOff: 'Chat is turned off for this agent',
  messageRequired: 'Write a message',
  messageMax: `Use at most ${CHAT_MESSAGE_MAX} characters`,
  titleRequired: 'Give the conversation a title',
  messageNotStored: 'Your message could not be stored. Try again.',
} as const;

/** POST /api/v1/agents/{id}/chat. */
export const chatSendSchema = z.strictObject({
  conversationId: z.uuid().optional(),
  message: z
    .string({ error: CHAT_MESSAGES.messageRequired })
    .trim()
    .min(1, CHAT_MESSAGES.messageRequired)
    .max(CHAT_MESSAGE_MAX, CHAT_MESSAGES.messageMax),
});
export type ChatSend = z.output<typeof chatSendSchema>;

/** PATCH /api/v1/agents/{id}/conversations/{conversationId}. */
export const conversationRenameSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1, CHAT_MESSAGES.titleRequired)
    .max(CONVERSATION_TITLE_MAX, `Use at most ${CONVERSATION_TITLE_MAX} characters`),
});

export const conversationParamsSchema = z.object({ id: z.uuid(), conversationId: z.uuid() });

export const conversationSchema = z.object({
  id: z.string(),
  agentId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConversationDto = z.infer<typeof conversationSchema>;

export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** The run that produced an answer: its steps open from the message. */
  runId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessageDto = z.infer<typeof chatMessageSchema>;

export const conversationWithMessagesSchema = conversationSchema.extend({
  messages: z.array(chatMessageSchema),
});
