import { randomUUID } from 'node:crypto';
/**
 * Conversations of one user with one agent, and the answer to a message: a run of the
 * published version (trigger `chat`, inputs `message` and `history`) told as a UI message stream.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { createUIMessageStream, type UIMessageStreamWriter } from 'ai';
import type { Database } from '../../../db/client.ts';
import { agentConversations, agentMessages } from '../../../db/schema/index.ts';
import { httpError, notFound } from '../../../http/errors.ts';
import type { OrgScope } from '../../../http/records.ts';
import { referencedNodes } from '../../../../shared/engine/validate.ts';
import type { AgentGraph } from '../../../../shared/schemas/agent-graph.ts';
import {
  CHAT_HISTORY_MESSAGES,
  CHAT_MESSAGES as M,
  type ChatMessageDto,
  type ConversationDto,
} from '../../../../shared/schemas/chat.ts';
import { cancelRun, follow } from '../runs/run-bus.ts';
import { runnableOf, startRun, type RunCaller, type RunDeps } from '../runs/runs.service.ts';
import type { AgentToRun } from '../runs/run-store.ts';

type ConversationRow = typeof agentConversations.$inferSelect;

const toConversation = (row: ConversationRow): ConversationDto => ({
  id: row.id,
  agentId: row.agentId,
  title: row.title,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const ownLive = (scope: OrgScope, userId: string, agentId: string) =>
  and(
    eq(agentConversations.organizationId, scope.organizationId),
    eq(agentConversations.userId, userId),
    eq(agentConversations.agentId, agentId),
    isNull(agentConversations.deletedAt),
  );

export async function listConversations(
  db: Database,
  scope: OrgScope,
  userId: string,
  agentId: string,
): Promise<ConversationDto[]> {
  const rows = await db
    .select()
    .from(agentConversations)
    .where(ownLive(scope, userId, agentId))
    .orderBy(desc(agentConversations.updatedAt))
    .limit(200);
  return rows.map(toConversation);
}

async function findConversation(
  db: Database,
  scope: OrgScope,
  userId: string,
  agentId: string,
  id: string,
) {
  const [row] = await db
    .select()
    .from(agentConversations)
    .where(and(ownLive(scope, userId, agentId), eq(agentConversations.id, id)));
  if (!row) throw notFound(M.conversationNotFound);
  return row;
}

async function messagesOf(db: Database, conversationId: string): Promise<ChatMessageDto[]> {
  const rows = await db
    .select()
    .from(agentMessages)
    .where(eq(agentMessages.conversationId, conversationId))
    .orderBy(asc(agentMessages.createdAt), asc(agentMessages.id));
  return rows.map((row) => ({
    id: row.id,
    role: row.role,
    content: row.content,
    runId: row.runId,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function getConversation(
  db: Database,
  scope: OrgScope,
  userId: string,
  agentId: string,
  id: string,
) {
  const row = await findConversation(db, scope, userId, agentId, id);
  return { ...toConversation(row), messages: await messagesOf(db, id) };
}

export async function renameConversation(
  db: Database,
  scope: OrgScope,
  userId: string,
  agentId: string,
  id: string,
  title: string,
) {
  await findConversation(db, scope, userId, agentId, id);
  const [row] = await db
    .update(agentConversations)
    .set({ title, updatedAt: sql`now()` })
    .where(eq(agentConversations.id, id))
    .returning();
  return toConversation(row!);
}

export async function deleteConversation(
  db: Database,
  scope: OrgScope,
  userId: string,
  agentId: string,
  id: string,
) {
  await findConversation(db, scope, userId, agentId, id);
  await db
    .update(agentConversations)
    .set({ deletedAt: sql`now()` })
    .where(eq(agentConversations.id, id));
}

/** The model steps whose streamed text is the answer: those the output's text names. */
export function answeringSteps(graph: AgentGraph): Set<string> {
  const llms = new Set(graph.nodes.filter((n) => n.type === 'llm').map((n) => n.id));
  const named = new Set<string>();
  for (const node of graph.nodes) {
    if (node.type !== 'output' || node.data.mode !== 'text') continue;
    for (const id of referencedNodes(node.data.text)) if (llms.has(id)) named.add(id);
  }
  return named;
}

export const answerText = (output: unknown) =>
  typeof output === 'string' ? output : output === null ? '' : JSON.stringify(output);

/**
 * Answers a message: runs the published version of the agent (read and authorised by the
 * caller) and streams the answer. The message (in a new conversation when none is given) is
 * stored once the answer has begun, so nothing stands between the request and the model's; the
 * request's signal cancels the run when the client goes.
 */
export async function answer(
  deps: RunDeps,
  scope: OrgScope,
  caller: RunCaller & { id: string },
  agent: AgentToRun,
  input: { conversationId?: string; message: string },
  signal: AbortSignal,
) {
  const agentId = agent.agent.id;
  const runnable = runnableOf(agent, false);
  const { graph } = runnable;
  if (!runnable.chatEnabled) throw httpError('CHAT_OFF', M.chatOff);
  const db = deps.db;
  const existing = input.conversationId
    ? await findConversation(db, scope, caller.id, agentId, input.conversationId)
    : null;
  // A new conversation has no history to read.
  const history = existing
    ? (await messagesOf(db, existing.id))
        .slice(-CHAT_HISTORY_MESSAGES)
        .map(({ role, content }) => ({ role, content }))
    : [];
  const now = new Date();
  const conversation: ConversationRow = existing ?? {
    id: randomUUID(),
    organizationId: scope.organizationId,
    agentId,
    userId: caller.id,
    title: input.message.slice(0, 80),
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  // The run's rows wait for the answer's first words (or its end): writing them first would
  // hold the embedded database's thread while the model answers.
  let release = () => {};
  const firstWords = new Promise<void>((resolve) => (release = resolve));
  let wordsOut: Promise<void> | null = null;
  // Node sends a response's writes on the next tick, once the microtasks queued meanwhile are
  // done (the rest of the model's answer, database writes): a turn of the event loop lets the
  // first words reach the socket first; then the writes held back go.
  const firstWordsOut = () =>
    (wordsOut ??= new Promise<void>((resolve) => setImmediate(resolve)).then(release));
  const started = await startRun(deps, scope, caller, agentId, {
    input: { message: input.message, history },
    draft: false,
    trigger: 'chat',
    conversationId: conversation.id,
    runnable,
    early: true,
    holdWritesUntil: firstWords,
  });
  let storing: Promise<void> | null = null;
  /** Stores the conversation (when new) and the message, once. */
  const storeMessage = () =>
    (storing ??= (async () => {
      if (!existing) await db.insert(agentConversations).values(conversation);
      await db.insert(agentMessages).values({
        organizationId: scope.organizationId,
        conversationId: conversation.id,
        role: 'user',
        content: input.message,
        createdAt: now,
      });
    })());
  const streamed = answeringSteps(graph);
  const closed = new AbortController();
  signal.addEventListener('abort', () => {
    closed.abort();
    cancelRun(started.runId, 'The client went away');
  });

  const execute = async ({ writer }: { writer: UIMessageStreamWriter }) => {
    // A turn first: the run reaches its model request before the response's headers and first
    // parts are written, which then happens while the model thinks.
    await new Promise((resolve) => setImmediate(resolve));
    writer.write({ type: 'start' });
    writer.write({ type: 'data-conversation', data: toConversation(conversation) });
    writer.write({ type: 'data-run', data: { runId: started.runId } });
    const textId = `text-${started.runId}`;
    let text = '';
    writer.write({ type: 'text-start', id: textId });
    try {
      for await (const event of follow(started.runId, closed.signal) ?? []) {
        if (event.type === 'node.delta' && streamed.has(event.nodeId)) {
          text += event.text;
          writer.write({ type: 'text-delta', id: textId, delta: event.text });
          if (!wordsOut) {
            // Once the first words are out, the message is stored while the rest comes.
            await firstWordsOut();
            void storeMessage().catch(() => {});
          }
        }
      }
      void firstWordsOut();
      await storeMessage();
    } catch (error) {
      void firstWordsOut();
      cancelRun(started.runId, 'The message could not be stored');
      deps.logger.error({ err: error, runId: started.runId }, 'storing a chat message failed');
      writer.write({ type: 'error', errorText: M.messageNotStored });
      return;
    }
    const result = await started.done;
    if (result.status === 'succeeded') {
      const final = answerText(result.output);
      // A reply template may add to the model's words: send what the stream lacks.
      if (final.startsWith(text) && final.length > text.length) {
        writer.write({ type: 'text-delta', id: textId, delta: final.slice(text.length) });
      } else if (!text && final) writer.write({ type: 'text-delta', id: textId, delta: final });
      await db.insert(agentMessages).values({
        organizationId: scope.organizationId,
        conversationId: conversation.id,
        role: 'assistant',
        content: final || text,
        runId: started.runId,
      });
    }
    writer.write({ type: 'text-end', id: textId });
    await db
      .update(agentConversations)
      .set({ updatedAt: sql`now()` })
      .where(eq(agentConversations.id, conversation.id));
    if (result.status !== 'succeeded') {
      writer.write({
        type: 'error',
        errorText: result.error?.message ?? 'The agent could not answer',
      });
      return;
    }
    writer.write({ type: 'finish' });
  };
  return createUIMessageStream({ execute });
}
