// `node bench/explain.ts [data-dir]`: the query plans of the benchmark's list, search, dashboard
// and help-request requests, on data seeded like `npm run bench` does (bench/seed-crm.ts).
//
// Each request is run through its service function with the database client's `query` wrapped,
// so the SQL shown is exactly what the product sends; every captured statement is then run again
// under EXPLAIN (ANALYZE, BUFFERS) with the same parameters, and the service call is timed.
//
// With a data dir that already holds a seeded organisation (from an earlier run), the seed is
// skipped; with DATABASE_URL the PostgreSQL database is used (and its organisation kept for
// reruns until `--drop`).
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { member, organization, user } from '../src/server/db/schema/index.ts';
import { listCustomers } from '../src/server/modules/customers/customers-list.ts';
import { listProjects } from '../src/server/modules/projects/projects.service.ts';
import { crmDashboard } from '../src/server/modules/dashboard/dashboard.service.ts';
import { createHelpRequest } from '../src/server/modules/help-requests/help-requests.service.ts';
import { customerListQuerySchema } from '../src/shared/schemas/customers.ts';
import { projectListQuerySchema } from '../src/shared/schemas/projects.ts';
import { DEFAULT_CRM_SEED, seedCrm } from './seed-crm.ts';

const SLUG = 'bench-explain';
const args = process.argv.slice(2);
const drop = args.includes('--drop');
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const dataDir =
  args.find((a) => !a.startsWith('--')) ??
  (process.env.DATABASE_URL ? null : await mkdtemp(path.join(os.tmpdir(), 'meridian-explain-')));
const seedSize = {
  ...DEFAULT_CRM_SEED,
  customers: Number(process.env.BENCH_CUSTOMERS ?? DEFAULT_CRM_SEED.customers),
  projects: Number(process.env.BENCH_PROJECTS ?? DEFAULT_CRM_SEED.projects),
};

type Captured = { text: string; params: unknown[] };
type QueryFn = (...a: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
await handle.migrate();
const db = handle.db;
const client = (db as unknown as { $client: { query: QueryFn } }).$client;
const original = client.query.bind(client);
let captured: Captured[] | null = null;
client.query = (...a: unknown[]) => {
  if (captured) {
    const [first, second] = a;
    if (typeof first === 'string') captured.push({ text: first, params: (second ?? []) as [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      captured.push({ text: q.text, params: q.values ?? [] });
    }
  }
  return original(...a);
};

async function organisation(): Promise<{ organizationId: string; userId: string }> {
  const [existing] = await db
    .select({ id: organization.id, userId: member.userId })
    .from(organization)
    .innerJoin(
      member,
      sql`${member.organizationId} = ${organization.id} and ${member.role} = 'owner'`,
    )
    .where(sql`${organization.slug} = ${SLUG}`);
  if (existing) return { organizationId: existing.id, userId: existing.userId };
  const [owner] = await db
    .insert(user)
    .values({ name: 'Explain', email: `explain.${Date.now()}@bench.test`, emailVerified: true })
    .returning({ id: user.id, email: user.email });
  const [org] = await db
    .insert(organization)
    .values({ name: 'Explain', slug: SLUG })
    .returning({ id: organization.id });
  await db.insert(member).values({ organizationId: org!.id, userId: owner!.id, role: 'owner' });
  const started = Date.now();
  await seedCrm(
    db,
    org!.id,
    { id: owner!.id, email: owner!.email, ip: '127.0.0.1' },
    seedSize,
    (m) => console.log(`seed: ${m}`),
  );
  console.log(`seed: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { organizationId: org!.id, userId: owner!.id };
}

async function explain(name: string, run: (db: Database) => Promise<unknown>) {
  if (only && !name.includes(only)) return;
  await run(db); // warm
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await run(db);
    times.push(performance.now() - t);
  }
  captured = [];
  await run(db);
  const statements = captured;
  captured = null;
  times.sort((a, b) => a - b);
  console.log(`\n=== ${name}: median ${times[2]!.toFixed(1)} ms, best ${times[0]!.toFixed(1)} ms`);
  for (const { text, params } of statements) {
    if (!/^\s*(select|with)/i.test(text)) {
      console.log(`--- (not explained) ${text.slice(0, 200)}`);
      continue;
    }
    console.log(`--- ${text.replace(/\s+/g, ' ').slice(0, 600)}`);
    console.log(`    params ${JSON.stringify(params).slice(0, 200)}`);
    const plan = await original(`explain (analyze, buffers) ${text}`, params);
    for (const row of plan.rows) console.log(`    ${Object.values(row)[0]}`);
  }
}

const { organizationId, userId } = await organisation();
const scope = { organizationId };
const customersQuery = (q: Record<string, string>) => customerListQuerySchema.parse(q);
const projectsQuery = (q: Record<string, string>) => projectListQuerySchema.parse(q);
const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);

await explain('projects page 1', (d) => listProjects(d, scope, projectsQuery({ pageSize: '20' })));
await explain('projects page 20', (d) =>
  listProjects(d, scope, projectsQuery({ pageSize: '20', page: '20' })),
);
await explain('projects search', (d) =>
  listProjects(d, scope, projectsQuery({ pageSize: '20', search: 'project 12' })),
);
await explain('customers page 1', (d) =>
  listCustomers(d, scope, customersQuery({ pageSize: '20' })),
);
await explain('customers page 20', (d) =>
  listCustomers(d, scope, customersQuery({ pageSize: '20', page: '20' })),
);
await explain('customers sort name', (d) =>
  listCustomers(d, scope, customersQuery({ pageSize: '20', sort: 'name', order: 'asc' })),
);
await explain('customers search hopper', (d) =>
  listCustomers(d, scope, customersQuery({ pageSize: '20', search: 'hopper' })),
);
await explain('customers search rare', (d) =>
  listCustomers(d, scope, customersQuery({ pageSize: '20', search: 'hopper.1234' })),
);
await explain('customers tag vip', (d) =>
  listCustomers(d, scope, customersQuery({ pageSize: '20', tags: 'vip' })),
);
await explain('customers status churned', (d) =>
  listCustomers(d, scope, customersQuery({ pageSize: '20', status: 'churned' })),
);
await explain('dashboard', (d) => crmDashboard(d, scope, { from: monthAgo, to: today }));
await explain('help request', (d) =>
  createHelpRequest(d, userId, {
    url: 'http://localhost/projects/p1',
    issue_description: 'Benchmark help request text',
  }),
);

if (drop) {
  await db.delete(organization).where(sql`${organization.slug} = ${SLUG}`);
  console.log('dropped the explain organisation');
}
await handle.close();
console.log(`\ndata dir: ${dataDir ?? process.env.DATABASE_URL}`);
