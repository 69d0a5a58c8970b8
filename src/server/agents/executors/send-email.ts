/**
 * The send_email step: `to`, subject and body rendered from templates and sent through the app's
 * mailer. Each rendered recipient is an e-mail address or the user id of a member of the
 * organisation (then that member's address); anything else fails the step. Output
 * `{ messageId, to }`.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { NodeOfType } from '../../../shared/schemas/agent-graph.ts';
import { renderTemplate, templateContext } from '../../../shared/engine/templates.ts';
import type { Executor } from '../../../shared/engine/types.ts';
import { member, user } from '../../db/schema/index.ts';
import type { ServerExecutorEnv } from './context.ts';

const email = z.email();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Recipients of one message at most. */
const MAX_RECIPIENTS = 50;

/** The rendered `to` entries: one entry may hold several, separated by commas or semicolons. */
async function recipients(env: ServerExecutorEnv, entries: string[]): Promise<string[]> {
  const addresses: string[] = [];
  const userIds: string[] = [];
  for (const entry of entries) {
    for (const part of entry.split(/[,;\n]/)) {
      const value = part.trim();
      if (!value) continue;
      if (UUID.test(value)) userIds.push(value.toLowerCase());
      else if (email.safeParse(value).success) addresses.push(value);
      else throw new Error(`Not an e-mail address or a member: ${value.slice(0, 200)}`);
    }
  }
  if (userIds.length) {
    const rows = await env.deps.db
      .select({ id: user.id, email: user.email })
      .from(member)
      .innerJoin(user, eq(user.id, member.userId))
      .where(
        and(eq(member.organizationId, env.scope.organizationId), inArray(member.userId, userIds)),
      );
    const byId = new Map(rows.map((row) => [row.id.toLowerCase(), row.email]));
    for (const id of userIds) {
      const address = byId.get(id);
      if (!address) throw new Error(`Not a member of the organisation: ${id}`);
      addresses.push(address);
    }
  }
  const unique = [...new Map(addresses.map((a) => [a.toLowerCase(), a])).values()];
  if (unique.length === 0) throw new Error('The e-mail has no recipient');
  if (unique.length > MAX_RECIPIENTS) {
    throw new Error(`An e-mail goes to at most ${MAX_RECIPIENTS} recipients`);
  }
  return unique;
}

export function sendEmailExecutor(env: ServerExecutorEnv): Executor<NodeOfType<'send_email'>> {
  return async (node, ctx, io) => {
    const context = templateContext(ctx);
    const rendered = await Promise.all(node.data.to.map((to) => renderTemplate(to, context)));
    const to = await recipients(env, rendered);
    const subject = (await renderTemplate(node.data.subject, context))
      .replace(/[\r\n]+/g, ' ')
      .trim()
      .slice(0, 998);
    const text = await renderTemplate(node.data.body, context);
    io.signal.throwIfAborted();
    // One message per recipient: members never see each other's addresses.
    for (const address of to) {
      await env.deps.mailer.send({ to: address, subject, text });
    }
    return { output: { messageId: randomUUID(), to } };
  };
}
