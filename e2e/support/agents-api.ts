import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
  type Page,
} from '@playwright/test';
import { E2E_ADMIN, E2E_BASE_URL } from './env.ts';
import { apiSetupHeaders, createVerifiedUser } from './users.ts';

/**
 * Setting up agent tests through the API (fast, no clicks): the seeded admin's session in the
 * demo organisation, agents with a given draft, members with a role.
 */
export const ORIGIN_HEADERS = { Origin: E2E_BASE_URL };
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function expectOk(response: APIResponse, what: string): Promise<void> {
  if (!response.ok()) {
    throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  }
}

export interface AdminApi {
  session: APIRequestContext;
  orgId: string;
  headers: () => Record<string, string>;
}

/** The seeded admin signed in over the API, in the demo organisation. */
export async function adminApi(): Promise<AdminApi> {
  const session = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  await expectOk(
    await session.post('/api/auth/sign-in/email', { data: E2E_ADMIN, headers: apiSetupHeaders() }),
    'admin sign-in',
  );
  const me = (await (await session.get('/api/v1/me')).json()) as {
    organizations: { id: string; name: string }[];
  };
  const demo = me.organizations.find((org) => org.name === 'Demo organization');
  expect(demo, 'the seeded demo organisation').toBeDefined();
  const orgId = demo!.id;
  return {
    session,
    orgId,
    headers: () => ({ ...ORIGIN_HEADERS, 'X-Organization-Id': orgId }),
  };
}

/** An agent made through the API, its draft `graph` (the blank one when none is given). */
export async function agentWithGraph(admin: AdminApi, name: string, graph?: unknown) {
  const created = await admin.session.post('/api/v1/agents', {
    data: { name },
    headers: admin.headers(),
  });
  await expectOk(created, 'agent creation');
  const agent = (await created.json()) as { id: string; revision: number };
  if (graph) {
    await expectOk(
      await admin.session.put(`/api/v1/agents/${agent.id}/draft`, {
        data: { graph },
        headers: { ...admin.headers(), 'If-Match': String(agent.revision) },
      }),
      'draft save',
    );
  }
  return agent.id;
}

/** An agent as the API gives it: its draft's steps and connections. */
export async function storedDraft(admin: AdminApi, id: string) {
  const response = await admin.session.get(`/api/v1/agents/${id}`, { headers: admin.headers() });
  await expectOk(response, 'agent read');
  return (await response.json()) as {
    draft: { nodes: { id: string; type: string }[]; edges: { source: string; target: string }[] };
  };
}

/** A new user who joined the admin's organisation with `role`, signed in over the API. */
export async function addMember(admin: AdminApi, label: string, role = 'member') {
  const session = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const user = await createVerifiedUser(session, label);
  await expectOk(
    await session.post('/api/auth/sign-in/email', {
      data: { email: user.email, password: user.password },
      headers: apiSetupHeaders(),
    }),
    'member sign-in',
  );
  const invited = await admin.session.post('/api/v1/organizations/current/invitations', {
    data: { email: user.email, role },
    headers: admin.headers(),
  });
  await expectOk(invited, 'invitation');
  const { id } = (await invited.json()) as { id: string };
  await expectOk(
    await session.post(`/api/v1/invitations/${id}/accept`, { headers: ORIGIN_HEADERS }),
    'acceptance',
  );
  return { ...user, session };
}

/** Signs the page in with an API context's session (sign-ins are rate limited). */
export async function useSession(page: Page, session: APIRequestContext) {
  await page.context().addCookies((await session.storageState()).cookies);
}
