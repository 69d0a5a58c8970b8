/**
 * What agents tell people: a queued run failed (`run.failed`), the organisation's monthly
 * budget is used up (`budget.reached`). Each recipient's preferences for the `agents` event
 * (account settings, notifications tab) decide whether they get it in the app, by e-mail,
 * both or neither; until they choose, both.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../deps.ts';
import type { Database } from '../db/client.ts';
import { member, notificationPreferences, organization, user } from '../db/schema/index.ts';
import { mailTemplates } from '../mail/templates.ts';
import { DEFAULT_NOTIFICATION_PREFERENCE } from '../../shared/schemas/account.ts';
import { notify } from './record.ts';
import type { NotificationKind, NotificationParams } from '../../shared/schemas/notifications.ts';

type Db = Pick<Database, 'insert' | 'select' | 'execute'>;
type Delivery = Pick<AppDeps, 'mailer' | 'config' | 'logger'>;

/** The preference event that covers what agents tell. */
export const AGENTS_PREFERENCE_EVENT = 'agents';

export const AGENT_NOTIFICATION_LINKS = {
  // The run page is the agent page's Runs tab with the run open.
  run: (agentId: string, runId: string) => `/agents/${agentId}?tab=runs&run=${runId}`,
  budget: '/organization?tab=agents',
} as const;

/** The recipients split by how they want to hear about agents. */
async function byPreference(db: Db, userIds: readonly string[]) {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return { inApp: [], email: [] };
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      inApp: notificationPreferences.inApp,
      byEmail: notificationPreferences.email,
    })
    .from(user)
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, user.id),
        eq(notificationPreferences.event, AGENTS_PREFERENCE_EVENT),
      ),
    )
    .where(inArray(user.id, ids));
  return {
    inApp: rows.filter((r) => r.inApp ?? DEFAULT_NOTIFICATION_PREFERENCE.inApp).map((r) => r.id),
    email: rows
      .filter((r) => r.byEmail ?? DEFAULT_NOTIFICATION_PREFERENCE.email)
      .map((r) => r.email),
  };
}

async function adminIds(db: Db, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.role, 'admin')));
  return rows.map((row) => row.id);
}

/** E-mails go out after the caller's work; a failed send is logged, never thrown. */
function mailLater(
  delivery: Delivery,
  to: string[],
  mail: ReturnType<typeof mailTemplates.runFailed>,
) {
  for (const address of to) {
    void delivery.mailer
      .send({ to: address, ...mail })
      .catch((error: unknown) =>
        delivery.logger.warn({ err: error }, 'notification e-mail failed'),
      );
  }
}

/** The organisation's admins hear that the monthly budget is used up (the caller claims the month). */
export async function budgetReached(
  db: Db,
  delivery: Delivery,
  event: {
    organizationId: string;
    month: string;
    kind: 'tokens' | 'cost';
    used: number;
    budget: number;
  },
) {
  const [org] = await db
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, event.organizationId));
  const organizationName = org?.name ?? '';
  const recipients = await byPreference(db, await adminIds(db, event.organizationId));
  await notify(db, {
    userIds: recipients.inApp,
    organizationId: event.organizationId,
    kind: 'budget.reached',
    params: { organizationName, month: event.month, budget: event.kind },
    link: AGENT_NOTIFICATION_LINKS.budget,
  });
  const url = `${delivery.config.appUrl}${AGENT_NOTIFICATION_LINKS.budget}`;
  mailLater(
    delivery,
    recipients.email,
    mailTemplates.budgetReached(organizationName, event.kind, url),
  );
}

/** Tells users about a run, in the app and by e-mail as each one's preferences say. */
async function tellAboutRun<K extends NotificationKind>(
  db: Db,
  delivery: Delivery,
  run: { organizationId: string; agentId: string; runId: string; userIds: string[] },
  notification: { kind: K; params: NotificationParams[K] },
  mail: (url: string) => ReturnType<typeof mailTemplates.runFailed>,
) {
  const recipients = await byPreference(db, run.userIds);
  const link = AGENT_NOTIFICATION_LINKS.run(run.agentId, run.runId);
  await notify(db, {
    userIds: recipients.inApp,
    organizationId: run.organizationId,
    ...notification,
    link,
  });
  mailLater(delivery, recipients.email, mail(`${delivery.config.appUrl}${link}`));
}

/**
 * A queued run failed: its caller hears it, or the organisation's admins when nobody called it
 * (an API key, a webhook).
 */
export async function runFailed(
  db: Db,
  delivery: Delivery,
  event: {
    organizationId: string;
    agentId: string;
    agentName: string;
    runId: string;
    callerId: string | null;
    error: string;
  },
) {
  const userIds = event.callerId ? [event.callerId] : await adminIds(db, event.organizationId);
  await tellAboutRun(
    db,
    delivery,
    { ...event, userIds },
    {
      kind: 'run.failed',
      params: { agentName: event.agentName, runId: event.runId, error: event.error.slice(0, 500) },
    },
    (url) => mailTemplates.runFailed(event.agentName, event.error, url),
  );
}

/**
 * A scheduled run failed after its retries: the schedule's author hears it, as their
 * preferences for agents say (the schedule asked for it: "notify on failure").
 */
export async function scheduledRunFailed(
  db: Db,
  delivery: Delivery,
  event: {
    organizationId: string;
    agentId: string;
    agentName: string;
    scheduleName: string;
    runId: string;
    authorId: string;
  },
) {
  await tellAboutRun(
    db,
    delivery,
    { ...event, userIds: [event.authorId] },
    {
      kind: 'schedule.run_failed',
      params: { scheduleName: event.scheduleName, agentName: event.agentName, runId: event.runId },
    },
    (url) => mailTemplates.scheduledRunFailed(event.scheduleName, event.agentName, url),
  );
}
