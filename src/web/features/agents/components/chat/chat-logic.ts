import type { TFunction } from 'i18next';
import type { UIMessage } from 'ai';
import type { ChatMessageDto, ConversationDto } from '../../../../../shared/schemas/chat';
import { isApiError } from '../../../../../shared/schemas/error';
import { ApiError } from '../../../../lib/api';
import { errorText } from '../../../../lib/error-text';

/** The custom parts of the chat's stream: the conversation, then the run that answers. */
export type ChatData = {
  conversation: ConversationDto;
  run: { runId: string };
};
export type ChatMessage = UIMessage<unknown, ChatData>;

/** Stored messages as the chat shows them: an answer keeps its run as a `data-run` part. */
export function toChatMessages(messages: ChatMessageDto[]): ChatMessage[] {
  return messages.map((message) => ({
    id: message.id,
    role: message.role,
    parts: [
      { type: 'text', text: message.content },
      ...(message.runId ? [{ type: 'data-run' as const, data: { runId: message.runId } }] : []),
    ],
  }));
}

export const textOf = (message: ChatMessage) =>
  message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');

export function runIdOf(message: ChatMessage): string | undefined {
  for (const part of message.parts) if (part.type === 'data-run') return part.data.runId;
  return undefined;
}

/** The text of the last message the user wrote (what the API is sent). */
export function lastUserText(messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'user') return textOf(message);
  }
  return '';
}

/**
 * What a failed send says: a refusal before the stream (the API's error shape in the body of a
 * non-2xx answer) in the user's words; an error of the stream (the run failed) as it came.
 */
export function chatErrorText(t: TFunction, language: string, error: Error): string {
  const { statusCode, responseBody } = error as Error & {
    statusCode?: unknown;
    responseBody?: unknown;
  };
  if (typeof statusCode === 'number') {
    let parsed: unknown;
    try {
      parsed = typeof responseBody === 'string' ? JSON.parse(responseBody) : undefined;
    } catch {
      parsed = undefined;
    }
    const refusal = new ApiError(
      statusCode,
      isApiError(parsed)
        ? parsed.error
        : { code: `HTTP_${statusCode}`, message: `HTTP ${statusCode}` },
    );
    return errorText(t, language, refusal, { CHAT_OFF: t('agents.chat.chatOffError') });
  }
  if (error.name === 'TypeError') return t('auth.errors.network');
  return error.message;
}
