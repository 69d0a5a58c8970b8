/**
 * The authorisation matrix (issue 5, section 6): every /api/v1 operation of the OpenAPI
 * document x every caller (anonymous, each organisation role, super admin) x the organisation
 * they send (their own, another one, none) gets the outcome that follows from the route's
 * declared `x-permission` and the ability table of src/shared/abilities.ts. Nothing here lists
 * routes or expectations by hand: a new route is covered as soon as it is mounted, and one
 * without a declared permission fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  ACTIONS,
  SUBJECTS,
  buildAbility,
  defineRulesFor,
  type AppAbility,
} from '../shared/abilities.ts';
import { ORG_ROLES, type OrgRoleName } from '../shared/constants.ts';
import { member } from './db/schema/index.ts';
import { PERMISSION_KINDS, type PermissionSpec } from './http/permission.ts';
import { apiOperations, type ApiOperation } from './test/api-operations.ts';
import { signedInUser, startTestServer, type TestClient, type TestServer } from './test/harness.ts';

const PREFIX = '/api/v1';
const DUMMY_ID = '00000000-0000-4000-8000-000000000000';
const SUPER_ADMIN_EMAIL = 'root@authz.test';

type Caller = {
  name: 'anonymous' | OrgRoleName | 'super admin';
  client: TestClient;
  userId: string | null;
  superAdmin: boolean;
  /** The role in organisation A (the super admin is a member of none). */
  role: OrgRoleName | null;
};
type OrgChoice = 'own' | 'other' | 'none';
type Outcome = 'allowed' | 'unauthenticated' | 'not found' | 'organization required' | 'forbidden';

let server: TestServer;
let orgA: string;
let orgB: string;
let operations: ApiOperation[];
const callers: Caller[] = [];

beforeAll(async () => {
  server = await startTestServer({ SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAIL });
  const anonymous = server.client();
  callers.push({
    name: 'anonymous',
    client: anonymous,
    userId: null,
    superAdmin: false,
    role: null,
  });

  const admin = await signedInUser(server);
  orgA = (await admin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  const otherAdmin = await signedInUser(server);
  orgB = (await otherAdmin.client.post('/api/functions/complete-user-setup')).json.organization.id;
  const others = await Promise.all(
    ORG_ROLES.map(async (role) => {
      if (role === 'admin') return { role, signed: admin };
      const signed = await signedInUser(server);
      await server.db.insert(member).values({ organizationId: orgA, userId: signed.userId, role });
      return { role, signed };
    }),
  );
  for (const { role, signed } of others) {
    callers.push({
      name: role,
      client: signed.client,
      userId: signed.userId,
      superAdmin: false,
      role,
    });
  }
  const root = await signedInUser(server, { email: SUPER_ADMIN_EMAIL });
  callers.push({
    name: 'super admin',
    client: root.client,
    userId: root.userId,
    superAdmin: true,
    role: null,
  });

  operations = await apiOperations(anonymous);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/**
 * A request to an event stream, as the client would send it, read for its status and error
 * only: an allowed one (e.g. the live notifications) stays open, so its body is dropped.
 */
async function streamRequest(
  client: TestClient,
  method: string,
  url: string,
  headers: Record<string, string>,
) {
  const res = await server.app.request(url, {
    method,
    headers: {
      'x-forwarded-for': client.ip,
      origin: 'http://localhost:3000',
      ...(client.cookieHeader ? { cookie: client.cookieHeader } : {}),
      ...headers,
    },
  });
  if (res.headers.get('content-type')?.includes('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, json: undefined };
  }
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

/** What the declared permission and the ability table say this caller gets. */
function expectedOutcome(
  permission: PermissionSpec,
  caller: Caller,
  org: OrgChoice,
  scopeAll: boolean,
): Outcome {
  if (!caller.userId) return permission.kind === 'public' ? 'allowed' : 'unauthenticated';
  // Another organisation does not exist for a non-member (whatever the route); not so for super admins.
  if (org === 'other' && !caller.superAdmin) return 'not found';
  const ability: AppAbility = buildAbility(
    defineRulesFor({
      userId: caller.userId,
      superAdmin: caller.superAdmin,
      role: org === 'own' ? caller.role : null,
    }),
  );
  const superAdmin = ability.can('manage', 'SuperAdmin');
  const selected = org !== 'none';
  switch (permission.kind) {
    case 'public':
    case 'authenticated':
      return 'allowed';
    case 'organization':
      return selected ? 'allowed' : 'organization required';
    case 'superAdmin':
      return superAdmin ? 'allowed' : 'forbidden';
    case 'ability':
      if (scopeAll) return superAdmin ? 'allowed' : 'forbidden';
      if (permission.superAdminAnywhere && superAdmin) return 'allowed';
      if (!selected) return 'organization required';
      return ability.can(permission.action, permission.subject) ? 'allowed' : 'forbidden';
  }
}

/** The outcome class of a response, read in the light of the expected one. */
function actualOutcome(status: number, code: unknown, expected: Outcome): Outcome | 'error' {
  if (status >= 500) return 'error';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 400 && code === 'ORGANIZATION_REQUIRED') return 'organization required';
  if (status === 404 && expected === 'not found') return 'not found';
  // Let through: the dummy input may still be refused (400, 404, 409, 415, 422).
  return 'allowed';
}

/** Allowed callers may really act (e.g. leave the organisation): put their membership back. */
async function restoreMembership(caller: Caller) {
  if (!caller.userId || !caller.role) return;
  const mine = and(eq(member.organizationId, orgA), eq(member.userId, caller.userId));
  const [row] = await server.db.select({ role: member.role }).from(member).where(mine);
  if (row?.role === caller.role) return;
  if (row) await server.db.update(member).set({ role: caller.role }).where(mine);
  else {
    await server.db
      .insert(member)
      .values({ organizationId: orgA, userId: caller.userId, role: caller.role });
  }
}

describe('authorisation matrix', () => {
  it('finds every /api/v1 route in the OpenAPI document, each with a known declared permission', () => {
    expect(operations.length).toBeGreaterThan(10);
    const documented = new Set(
      operations.map((op) => `${op.method} ${PREFIX}${op.path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    documented.add(`GET ${PREFIX}/openapi.json`);
    const mounted = new Set(
      server.app.routes
        .filter((r) => r.path.startsWith(`${PREFIX}/`) && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    );
    expect(mounted.size).toBeGreaterThan(10);
    expect
      .soft(
        [...mounted].filter((route) => !documented.has(route)),
        'routes missing from the OpenAPI document (hidden or not declared with createRoute)',
      )
      .toEqual([]);

    const undeclared = operations
      .filter(({ permission: p }) => {
        if (!p || !(PERMISSION_KINDS as readonly string[]).includes(p.kind)) return true;
        if (p.kind !== 'ability') return false;
        return (
          !(ACTIONS as readonly string[]).includes(p.action) ||
          !(SUBJECTS as readonly string[]).includes(p.subject)
        );
      })
      .map(
        (op) => `${op.method} ${op.path}: ${JSON.stringify(op.permission) ?? 'no x-permission'}`,
      );
    expect(undeclared, 'operations without a valid declared permission').toEqual([]);
  });

  it('gives every caller in every organisation the outcome the ability table says', async () => {
    const mismatches: string[] = [];
    const tally: Record<string, number> = {};

    // One sequence per caller, run side by side; reads first, so that a mutation an allowed
    // caller really makes (e.g. leaving the organisation) cannot change a read's outcome.
    const byMethod = [...operations].sort(
      (a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'),
    );
    const runCaller = async (caller: Caller) => {
      for (const op of byMethod) {
        const permission = op.permission;
        if (!permission) continue;
        const scopeVariants =
          permission.kind === 'ability' && permission.scopeAll ? [false, true] : [false];
        for (const scopeAll of scopeVariants) {
          for (const org of ['own', 'other', 'none'] as const) {
            const url =
              PREFIX + op.path.replace(/\{[^}]+\}/g, DUMMY_ID) + (scopeAll ? '?scope=all' : '');
            const headers: Record<string, string> =
              org === 'none' ? {} : { 'x-organization-id': org === 'own' ? orgA : orgB };
            const body = op.jsonBody ? {} : undefined;
            const res = op.eventStream
              ? await streamRequest(caller.client, op.method, url, headers)
              : await caller.client.request(op.method, url, body, headers);
            const expected = expectedOutcome(permission, caller, org, scopeAll);
            const code: unknown = res.json?.error?.code;
            tally[expected] = (tally[expected] ?? 0) + 1;
            if (actualOutcome(res.status, code, expected) !== expected) {
              mismatches.push(
                `${op.method} ${url} as ${caller.name}, ${org} organisation: expected ${expected}, got ${res.status} ${String(code ?? '')}`,
              );
            }
            if (op.method !== 'GET' && res.status < 300) await restoreMembership(caller);
          }
        }
      }
    };
    const started = Date.now();
    await Promise.all(callers.map(runCaller));
    console.info(
      `authz matrix: ${Object.values(tally).reduce((a, b) => a + b, 0)} requests in ${Date.now() - started} ms`,
      tally,
    );

    expect(mismatches).toEqual([]);
    // Each outcome occurs, so the matrix is not trivially "allowed" everywhere.
    for (const outcome of [
      'allowed',
      'unauthenticated',
      'not found',
      'organization required',
      'forbidden',
    ] as const) {
      expect(tally[outcome], outcome).toBeGreaterThan(0);
    }
  }, 240_000);
});
