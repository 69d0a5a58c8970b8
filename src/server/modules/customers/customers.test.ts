import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import { signedInUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { EXACT_COUNT_LIMIT } from './customers-list.ts';
import {
  NO_OWNER_KEY,
  auditLogs,
  customerActivities,
  customerDailyStats,
  customerStats,
  customers,
  member,
  user,
} from '../../db/schema/index.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let admin: Signed;
let seller: Signed;
let plainUser: Signed;
let other: Signed;
let orgA: string;
let orgB: string;

async function join(orgId: string, who: Signed, role: string) {
  await server.db.insert(member).values({ organizationId: orgId, userId: who.userId, role });
  who.client.orgId = orgId;
}

async function adminOfNewOrg(who: Signed) {
  const orgId = (await who.client.post('/api/functions/complete-user-setup')).json.organization
    .id as string;
  who.client.orgId = orgId;
  return orgId;
}

const liveCount = async (orgId: string) =>
  (
    await server.db
      .select({ n: count() })
      .from(customers)
      .where(and(eq(customers.organizationId, orgId), isNull(customers.deletedAt)))
  )[0]!.n;

const audits = (orgId: string, action: string) =>
  server.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.organizationId, orgId), eq(auditLogs.action, action)));

const names = (res: { json: { items: { name: string }[] } }) => res.json.items.map((c) => c.name);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedInUser(server, { name: 'Ada Admin', email: 'ada@a.test' });
  orgA = await adminOfNewOrg(admin);
  seller = await signedInUser(server, { name: 'Sam Seller', email: 'sam@a.test' });
  await join(orgA, seller, 'member');
  plainUser = await signedInUser(server, { name: 'Ugo User', email: 'ugo@a.test' });
  await join(orgA, plainUser, 'user');
  other = await signedInUser(server, { name: 'Otto Other', email: 'otto@b.test' });
  orgB = await adminOfNewOrg(other);
});
afterAll(() => server?.close());

describe('customers: create, read, update, notes', () => {
  it('creates a customer with a created entry in its timeline and in the audit log', async () => {
    const res = await plainUser.client.post('/api/v1/customers', {
      name: 'Grace Hopper',
      email: 'Grace@Navy.test',
      phone: '+1 (555) 010-0100',
      company: 'US Navy',
      status: 'prospect',
      value: 12500.456,
      ownerId: seller.userId,
      tags: ['vip', 'gov', 'vip'],
      notes: 'Met at the conference',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@navy.test',
      phone: '+1 (555) 010-0100',
      company: 'US Navy',
      status: 'prospect',
      value: 12500.46,
      owner: { id: seller.userId, name: 'Sam Seller', email: 'sam@a.test' },
      tags: ['vip', 'gov'],
      notes: 'Met at the conference',
    });
    expect(res.json.activities).toEqual([
      expect.objectContaining({
        type: 'created',
        actor: { id: plainUser.userId, name: 'Ugo User' },
        toStatus: 'prospect',
      }),
    ]);
    const [entry] = await audits(orgA, 'customer.create');
    expect(entry).toMatchObject({ targetType: 'customer', targetId: res.json.id });

    const read = await admin.client.get(`/api/v1/customers/${res.json.id}`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(res.json);
  });

  it('rejects invalid input with field messages and writes nothing', async () => {
    const before = await liveCount(orgA);
    const res = await admin.client.post('/api/v1/customers', {
      name: '',
      email: 'not-an-address',
      phone: 'call me',
      status: 'won',
      value: -3,
      tags: ['x'.repeat(41)],
    });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.json.error.fields).sort()).toEqual([
      'email',
      'name',
      'phone',
      'status',
      'tags.0',
      'value',
    ]);
    // The owner must be a member of the organisation.
    const stranger = await admin.client.post('/api/v1/customers', {
      name: 'Someone',
      ownerId: other.userId,
    });
    expect(stranger.status).toBe(400);
    expect(stranger.json.error.fields).toEqual({
      ownerId: ['Choose a member of this organization'],
    });
    expect((await admin.client.post('/api/v1/customers', 'not json')).status).toBe(400);
    expect(await liveCount(orgA)).toBe(before);
  });

  it('refuses a second live customer with the same e-mail address: 409', async () => {
    const first = await admin.client.post('/api/v1/customers', {
      name: 'Linus',
      email: 'linus@kernel.test',
    });
    expect(first.status).toBe(201);
    const again = await admin.client.post('/api/v1/customers', {
      name: 'Linus again',
      email: 'LINUS@kernel.test',
    });
    expect(again.status).toBe(409);
    expect(again.json.error.fields.email).toBeDefined();
    // Another organisation may have the same address.
    const elsewhere = await other.client.post('/api/v1/customers', {
      name: 'Linus',
      email: 'linus@kernel.test',
    });
    expect(elsewhere.status).toBe(201);
  });

  it('updates fields; status changes and edits go to the timeline; notes are added', async () => {
    const { json: c } = await admin.client.post('/api/v1/customers', {
      name: 'Ada Lovelace',
      status: 'lead',
    });
    const path = `/api/v1/customers/${c.id}`;
    const updated = await seller.client.request('PATCH', path, {
      status: 'active',
      value: 900,
      company: 'Analytical Engines',
      ownerId: seller.userId,
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      status: 'active',
      value: 900,
      company: 'Analytical Engines',
      owner: { id: seller.userId },
    });
    const note = await seller.client.post(`${path}/notes`, { body: ' Called, wants a demo ' });
    expect(note.status).toBe(201);
    expect(note.json).toMatchObject({
      type: 'note',
      body: 'Called, wants a demo',
      actor: { id: seller.userId, name: 'Sam Seller' },
    });
    // Sending the same values again changes nothing and adds nothing.
    await seller.client.request('PATCH', path, { status: 'active', value: 900 });

    const read = await admin.client.get(path);
    const timeline = read.json.activities.map((a: { type: string }) => a.type);
    expect(timeline.sort()).toEqual(['created', 'note', 'status_change', 'updated']);
    const change = read.json.activities.find((a: { type: string }) => a.type === 'status_change');
    expect(change).toMatchObject({ fromStatus: 'lead', toStatus: 'active' });
    const edit = read.json.activities.find((a: { type: string }) => a.type === 'updated');
    expect(edit.details.fields.sort()).toEqual(['company', 'ownerId', 'value']);

    const [update] = await audits(orgA, 'customer.update');
    expect(update).toMatchObject({
      targetId: c.id,
      before: { status: 'lead', value: 0, company: null, ownerId: null },
      after: { status: 'active', value: 900, company: 'Analytical Engines' },
    });
    expect(await audits(orgA, 'customer.note')).toHaveLength(1);

    expect((await seller.client.request('PATCH', path, {})).status).toBe(400);
    expect((await seller.client.post(`${path}/notes`, { body: '  ' })).status).toBe(400);
    const ownerGone = await seller.client.request('PATCH', path, { ownerId: other.userId });
    expect(ownerGone.status).toBe(400);
  });
});

describe('customers: list, filters, sort, paging, export', () => {
  beforeAll(async () => {
    const rows = [
      { name: 'Acme Buyer', company: 'Acme Corp', status: 'lead', value: 100, tags: ['retail'] },
      { name: 'Bolt Person', company: 'Bolt Ltd', status: 'active', value: 5000, tags: ['b2b'] },
      { name: 'Cora Chen', email: 'cora@acme.test', status: 'churned', value: 50 },
      { name: 'Dan Duke', company: 'Duke & Co', status: 'prospect', value: 700, tags: ['b2b'] },
      { name: 'Eve Evans', company: '=cmd()', status: 'active', value: 2500, tags: ['retail'] },
      { name: 'Finn 100%', status: 'lead', value: 10 },
    ];
    for (const row of rows) {
      const res = await other.client.post('/api/v1/customers', { ...row, ownerId: other.userId });
      expect(res.status).toBe(201);
    }
  });

  it('searches name, e-mail and company; filters by status, owner and tags', async () => {
    const c = other.client;
    expect(names(await c.get('/api/v1/customers?search=acme&sort=name&order=asc'))).toEqual([
      'Acme Buyer',
      'Cora Chen',
    ]);
    expect(names(await c.get('/api/v1/customers?search=100%25'))).toEqual(['Finn 100%']);
    expect(names(await c.get('/api/v1/customers?status=active&sort=name&order=asc'))).toEqual([
      'Bolt Person',
      'Eve Evans',
    ]);
    expect(names(await c.get('/api/v1/customers?tags=b2b,unknown&sort=name&order=asc'))).toEqual([
      'Bolt Person',
      'Dan Duke',
    ]);
    const owned = await c.get(`/api/v1/customers?owner=${other.userId}`);
    expect(owned.json.total).toBe(6);
    const unowned = await c.get('/api/v1/customers?owner=none');
    expect(names(unowned)).toEqual(['Linus']);
    const tags = await c.get('/api/v1/customers/tags');
    expect(tags.json.items).toEqual([
      { tag: 'b2b', count: 2 },
      { tag: 'retail', count: 2 },
    ]);
  });

  it('sorts by a column and pages by number or by cursor with the same result', async () => {
    const c = other.client;
    const byValue = await c.get('/api/v1/customers?sort=value&order=desc&pageSize=100');
    expect(byValue.json.items.map((x: { value: number }) => x.value)).toEqual([
      5000, 2500, 700, 100, 50, 10, 0,
    ]);
    const page1 = await c.get('/api/v1/customers?sort=name&order=asc&pageSize=5');
    expect(page1.json).toMatchObject({ total: 7, page: 1, pageSize: 5 });
    expect(page1.json.nextCursor).toEqual(expect.any(String));
    const page2 = await c.get('/api/v1/customers?sort=name&order=asc&pageSize=5&page=2');
    const cursor = await c.get(
      `/api/v1/customers?sort=name&order=asc&pageSize=5&cursor=${page1.json.nextCursor}`,
    );
    expect(names(cursor)).toEqual(names(page2));
    expect(names(page2)).toEqual(['Finn 100%', 'Linus']);
    expect(cursor.json.nextCursor).toBeNull();
    // Cursor paging over dates and amounts too.
    // (Times travel in the cursor as exact microseconds: customers made a few µs apart.)
    for (const sort of ['createdAt', 'updatedAt', 'value', 'email', 'company']) {
      for (const order of ['asc', 'desc']) {
        const seen: string[] = [];
        let next: string | null = null;
        do {
          const url: string = `/api/v1/customers?sort=${sort}&order=${order}&pageSize=5${next ? `&cursor=${next}` : ''}`;
          const res = await c.get(url);
          expect(res.status).toBe(200);
          seen.push(...names(res));
          next = res.json.nextCursor;
        } while (next);
        const all = await c.get(`/api/v1/customers?sort=${sort}&order=${order}&pageSize=100`);
        expect(seen).toEqual(names(all));
      }
    }
    // A cursor belongs to its sort.
    const wrong = await c.get(
      `/api/v1/customers?sort=value&order=asc&pageSize=5&cursor=${page1.json.nextCursor}`,
    );
    expect(wrong.status).toBe(400);
    expect((await c.get('/api/v1/customers?cursor=garbage')).status).toBe(400);
    expect((await c.get('/api/v1/customers?pageSize=15')).status).toBe(400);
    expect((await c.get('/api/v1/customers?owner=bob')).status).toBe(400);
    expect((await c.get('/api/v1/customers?sort=phone')).status).toBe(400);
  });

  it('exports the filtered list as CSV, formulas neutralised', async () => {
    const res = await other.client.get(
      '/api/v1/customers/export.csv?status=active&sort=name&order=asc',
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'name,email,phone,company,status,value,owner,tags,notes,created_at,updated_at',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^Bolt Person,,,Bolt Ltd,active,5000\.00,otto@b\.test,b2b,,/);
    expect(lines[2]).toMatch(/^Eve Evans,,,'=cmd\(\),active,2500\.00,/);
  });
});

describe('customers: bulk actions and soft delete', () => {
  it('changes the status of several customers, ignoring other organisations’ ids', async () => {
    const ids: string[] = [];
    for (const name of ['Bulk 1', 'Bulk 2', 'Bulk 3']) {
      ids.push((await admin.client.post('/api/v1/customers', { name })).json.id);
    }
    const foreign = (await other.client.post('/api/v1/customers', { name: 'Foreign' })).json.id;
    await admin.client.request('PATCH', `/api/v1/customers/${ids[2]}`, { status: 'active' });
    const res = await admin.client.post('/api/v1/customers/bulk/status', {
      ids: [...ids, foreign],
      status: 'active',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ updated: 2 });
    for (const id of ids) {
      expect((await admin.client.get(`/api/v1/customers/${id}`)).json.status).toBe('active');
    }
    expect((await other.client.get(`/api/v1/customers/${foreign}`)).json.status).toBe('lead');
    const changes = await server.db
      .select()
      .from(customerActivities)
      .where(eq(customerActivities.customerId, ids[0]!));
    expect(changes.map((a) => a.type).sort()).toEqual(['created', 'status_change']);
    const [entry] = await audits(orgA, 'customer.bulk_status');
    expect((entry!.after as { ids: string[] }).ids.sort()).toEqual([ids[0], ids[1]].sort());

    const invalid = await admin.client.post('/api/v1/customers/bulk/status', {
      ids: [],
      status: 'active',
    });
    expect(invalid.status).toBe(400);
    expect(
      (await admin.client.post('/api/v1/customers/bulk/status', { ids, status: 'x' })).status,
    ).toBe(400);
  });

  it('deletes one or several customers softly: gone from every read, rows kept', async () => {
    const ids: string[] = [];
    for (const name of ['Gone 1', 'Gone 2', 'Gone 3']) {
      ids.push(
        (
          await admin.client.post('/api/v1/customers', {
            name,
            email: `${name.replace(' ', '')}@x.test`,
          })
        ).json.id,
      );
    }
    const one = await admin.client.request('DELETE', `/api/v1/customers/${ids[0]}`);
    expect(one.status).toBe(204);
    const many = await admin.client.post('/api/v1/customers/bulk/delete', { ids });
    expect(many.json).toEqual({ deleted: 2 });
    for (const id of ids) {
      const path = `/api/v1/customers/${id}`;
      expect((await admin.client.get(path)).status).toBe(404);
      expect((await admin.client.request('PATCH', path, { name: 'Back' })).status).toBe(404);
      expect((await admin.client.post(`${path}/notes`, { body: 'hello' })).status).toBe(404);
      expect((await admin.client.request('DELETE', path)).status).toBe(404);
    }
    expect((await admin.client.get('/api/v1/customers?search=Gone')).json.total).toBe(0);
    const rows = await server.db.select().from(customers).where(eq(customers.name, 'Gone 2'));
    expect(rows[0]!.deletedAt).toBeInstanceOf(Date);
    expect(await audits(orgA, 'customer.delete')).toHaveLength(1);
    expect(await audits(orgA, 'customer.bulk_delete')).toHaveLength(1);
    // The address of a deleted customer can be used again.
    const reuse = await admin.client.post('/api/v1/customers', {
      name: 'New',
      email: 'gone1@x.test',
    });
    expect(reuse.status).toBe(201);
  });

  it('hides another organisation’s customers: 404 for every action', async () => {
    const { json: c } = await admin.client.post('/api/v1/customers', { name: 'Secret' });
    const path = `/api/v1/customers/${c.id}`;
    expect((await other.client.get(path)).status).toBe(404);
    expect((await other.client.request('PATCH', path, { name: 'Mine' })).status).toBe(404);
    expect((await other.client.post(`${path}/notes`, { body: 'hi' })).status).toBe(404);
    expect((await other.client.request('DELETE', path)).status).toBe(404);
    expect(
      (await other.client.post('/api/v1/customers/bulk/delete', { ids: [c.id] })).json,
    ).toEqual({ deleted: 0 });
    expect((await other.client.get('/api/v1/customers?search=Secret')).json.total).toBe(0);
    expect((await admin.client.get(path)).json.name).toBe('Secret');
  });

  it('needs a session and an organisation; every role may manage customers', async () => {
    expect((await server.client().get('/api/v1/customers')).status).toBe(401);
    const loner = await signedInUser(server);
    expect((await loner.client.get('/api/v1/customers')).json.error.code).toBe(
      'ORGANIZATION_REQUIRED',
    );
    const { json: c } = await plainUser.client.post('/api/v1/customers', { name: 'By user' });
    expect(
      (await plainUser.client.request('PATCH', `/api/v1/customers/${c.id}`, { status: 'active' }))
        .status,
    ).toBe(200);
    expect((await plainUser.client.request('DELETE', `/api/v1/customers/${c.id}`)).status).toBe(
      204,
    );
  });
});

describe('customers: CSV import', () => {
  it('previews a file: suggested mapping, a report per row, nothing written', async () => {
    const before = await liveCount(orgA);
    const csv = [
      'Full Name;E-mail;Organisation;Stage;Deal value;Account owner;Labels;Comments',
      'Jane Roe;jane@roe.test;Roe Inc;Prospect;"1,250.50";sam@a.test;vip|west;first',
      ';nobody@x.test;;lead;0;;;',
      'John Doe;not-mail;;won;abc;nobody@a.test;;',
      'Janet;jane@roe.test;;;;;;',
      'Linus Clone;linus@kernel.test;;;;;;',
    ].join('\n');
    const res = await admin.client.post('/api/v1/customers/import/preview', { csv });
    expect(res.status).toBe(200);
    expect(res.json.columns).toHaveLength(8);
    expect(res.json.mapping).toEqual({
      name: 'Full Name',
      email: 'E-mail',
      phone: null,
      company: 'Organisation',
      status: 'Stage',
      value: 'Deal value',
      owner: 'Account owner',
      tags: 'Labels',
      notes: 'Comments',
    });
    expect(res.json).toMatchObject({ rowCount: 5, validCount: 1, invalidCount: 4 });
    const problems = res.json.errors.map(
      (e: { row: number; field: string }) => `${e.row}:${e.field}`,
    );
    expect(problems.sort()).toEqual(
      ['2:name', '3:email', '3:status', '3:value', '3:owner', '4:email', '5:email'].sort(),
    );
    expect(res.json.errors.find((e: { row: number }) => e.row === 4).message).toMatch(
      /more than once/,
    );
    expect(res.json.errors.find((e: { row: number }) => e.row === 5).message).toMatch(
      /already exists/,
    );
    expect(res.json.sample[0]).toMatchObject({
      name: 'Jane Roe',
      value: '1,250.50',
      tags: 'vip|west',
    });
    expect(await liveCount(orgA)).toBe(before);

    // A mapping naming a column that is not in the file.
    const wrong = await admin.client.post('/api/v1/customers/import/preview', {
      csv,
      mapping: { name: 'Nom' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.fields).toEqual({ 'mapping.name': ['This column is not in the file'] });
    const unclosed = await admin.client.post('/api/v1/customers/import/preview', {
      csv: 'name\n"open',
    });
    expect(unclosed.status).toBe(400);
    expect(unclosed.json.error.fields.csv).toBeDefined();
    expect(
      (await admin.client.post('/api/v1/customers/import/preview', { csv: 'name,email\n' })).status,
    ).toBe(400);
  });

  it('imports nothing when a row is bad, and names each bad row (422)', async () => {
    const before = await liveCount(orgA);
    const csv =
      'name,email,value\nGood One,good1@x.test,10\n,missing@x.test,5\nGood Two,good2@x.test,-1\n';
    const res = await admin.client.post('/api/v1/customers/import/commit', {
      csv,
      mapping: { name: 'name', email: 'email', value: 'value' },
    });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('IMPORT_INVALID');
    expect(Object.keys(res.json.error.fields).sort()).toEqual(['rows.2.name', 'rows.3.value']);
    expect(await liveCount(orgA)).toBe(before);
    expect(await audits(orgA, 'customer.import')).toHaveLength(0);
    const noName = await admin.client.post('/api/v1/customers/import/commit', {
      csv,
      mapping: { email: 'email' },
    });
    expect(noName.status).toBe(400);
    expect(noName.json.error.fields['mapping.name']).toEqual([
      'Choose the column that holds the name',
    ]);
  });

  it('imports 1,000 good rows in one go, each with its created activity', async () => {
    const before = await liveCount(orgA);
    const lines = ['name,email,company,status,value,owner,tags'];
    const statuses = ['lead', 'prospect', 'active', 'churned'];
    for (let i = 1; i <= 1000; i++) {
      lines.push(
        `Imported ${i},imported${i}@bulk.test,"Company ${i % 7}, Ltd",${statuses[i % 4]},${i}.5,${i % 2 ? 'sam@a.test' : ''},csv;batch`,
      );
    }
    const csv = lines.join('\r\n');
    const preview = await admin.client.post('/api/v1/customers/import/preview', { csv });
    expect(preview.json).toMatchObject({ rowCount: 1000, validCount: 1000, invalidCount: 0 });
    const started = Date.now();
    const res = await admin.client.post('/api/v1/customers/import/commit', {
      csv,
      mapping: preview.json.mapping,
    });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ imported: 1000 });
    expect(elapsed).toBeLessThan(15_000);
    expect(await liveCount(orgA)).toBe(before + 1000);

    const one = await admin.client.get('/api/v1/customers?search=imported777@bulk.test');
    expect(one.json.items[0]).toMatchObject({
      name: 'Imported 777',
      company: 'Company 0, Ltd',
      status: 'prospect',
      value: 777.5,
      owner: { id: seller.userId },
      tags: ['csv', 'batch'],
    });
    const detail = await admin.client.get(`/api/v1/customers/${one.json.items[0].id}`);
    expect(detail.json.activities).toEqual([
      expect.objectContaining({ type: 'created', details: { source: 'csv' } }),
    ]);
    const [entry] = await audits(orgA, 'customer.import');
    expect(entry!.after).toMatchObject({ imported: 1000, rows: 1000 });

    // Importing the same file again: every address is taken now.
    const again = await admin.client.post('/api/v1/customers/import/commit', {
      csv,
      mapping: preview.json.mapping,
    });
    expect(again.status).toBe(422);
    expect(await liveCount(orgA)).toBe(before + 1000);
  });

  it('reads back its own export', async () => {
    const exported = await other.client.get('/api/v1/customers/export.csv?sort=name&order=asc');
    const third = await signedInUser(server, { name: 'Tess Third' });
    await adminOfNewOrg(third);
    const preview = await third.client.post('/api/v1/customers/import/preview', {
      csv: exported.text,
    });
    expect(preview.status).toBe(200);
    // Owners of the other organisation are not members here.
    expect(preview.json.errors.every((e: { field: string }) => e.field === 'owner')).toBe(true);
    const mapping = { ...preview.json.mapping, owner: null };
    const res = await third.client.post('/api/v1/customers/import/commit', {
      csv: exported.text,
      mapping,
    });
    expect(res.status).toBe(201);
    const eve = await third.client.get('/api/v1/customers?search=Eve');
    expect(eve.json.items[0]).toMatchObject({ company: '=cmd()', value: 2500, tags: ['retail'] });
    expect(orgB).not.toBe(orgA);
  });
});

describe('customers: totals of large results', () => {
  it('after an import: statistics refreshed, totals exact up to the limit and estimated past it', async () => {
    const owner = await signedInUser(server, { name: 'Lena Large' });
    await adminOfNewOrg(owner);
    const rows = EXACT_COUNT_LIMIT + 200;
    const lines = ['name,email,company,tags'];
    for (let i = 1; i <= rows; i++) {
      lines.push(`Bulk ${i},bulk${i}@large.test,Widget Works,${i <= 5 ? 'few;many' : 'many'}`);
    }
    const csv = lines.join('\n');
    const preview = await owner.client.post('/api/v1/customers/import/preview', { csv });
    const res = await owner.client.post('/api/v1/customers/import/commit', {
      csv,
      mapping: preview.json.mapping,
    });
    expect(res.json).toEqual({ imported: rows });

    // The import refreshed the planner's statistics (PGlite has no autovacuum).
    const stats = (await server.db.execute(
      sql`select reltuples::int as n from pg_class where relname = 'customers'`,
    )) as unknown as { rows: { n: number }[] };
    expect(stats.rows[0]!.n).toBeGreaterThanOrEqual(rows);

    const total = async (query: string) =>
      (await owner.client.get(`/api/v1/customers?${query}`)).json.total as number;
    expect(await total('pageSize=20')).toBe(rows);
    // Every row matches: past the limit the total is an estimate, never above the real total.
    const broad = await total('search=bulk');
    expect(broad).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(broad).toBeLessThanOrEqual(rows);
    const tagged = await total('tags=many');
    expect(tagged).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(tagged).toBeLessThanOrEqual(rows);
    // Small results are counted exactly: Bulk 11, 110-119, 1100-1199.
    expect(await total('search=Bulk%2011&pageSize=20')).toBe(111);
    expect(await total('tags=few')).toBe(5);
    // The last page, and one past it, give the same total.
    const last = await owner.client.get('/api/v1/customers?search=Bulk%2011&pageSize=20&page=6');
    expect(last.json.items).toHaveLength(11);
    expect(last.json.total).toBe(111);
    const past = await owner.client.get('/api/v1/customers?search=Bulk%2011&pageSize=20&page=7');
    expect(past.json).toMatchObject({ items: [], total: 111 });
  });
});

describe('customers: the statistics kept by triggers', () => {
  it('match a fresh count after creates, edits, bulk actions, imports, deletes and owner removal', async () => {
    const fresh = async () => {
      const result = (await server.db.execute(sql`
        select organization_id::text as org, status,
          coalesce(owner_id, ${NO_OWNER_KEY}::uuid)::text as owner, count(*)::int as n,
          sum(value)::text as v
        from customers where deleted_at is null group by 1, 2, 3 order by 1, 2, 3`)) as unknown as {
        rows: { org: string; status: string; owner: string; n: number; v: string }[];
      };
      return result.rows.map((r) => `${r.org} ${r.status} ${r.owner} ${r.n} ${Number(r.v)}`);
    };
    const kept = async () => {
      const rows = await server.db
        .select()
        .from(customerStats)
        .where(ne(customerStats.customers, 0))
        .orderBy(customerStats.organizationId, customerStats.status, customerStats.ownerKey);
      return rows.map(
        (r) => `${r.organizationId} ${r.status} ${r.ownerKey} ${r.customers} ${Number(r.value)}`,
      );
    };
    const freshDaily = async () => {
      const result = (await server.db.execute(sql`
        select organization_id::text as org, (created_at at time zone 'UTC')::date::text as day,
          count(*)::int as n
        from customers where deleted_at is null group by 1, 2 order by 1, 2`)) as unknown as {
        rows: { org: string; day: string; n: number }[];
      };
      return result.rows.map((r) => `${r.org} ${r.day} ${r.n}`);
    };
    const keptDaily = async () => {
      const rows = await server.db
        .select()
        .from(customerDailyStats)
        .where(ne(customerDailyStats.customers, 0))
        .orderBy(customerDailyStats.organizationId, customerDailyStats.day);
      return rows.map((r) => `${r.organizationId} ${r.day} ${r.customers}`);
    };
    const freshChurn = async () => {
      const result = (await server.db.execute(sql`
        select a.organization_id::text as org, (a.created_at at time zone 'UTC')::date::text as day,
          count(*)::int as n
        from customer_activities a
        join customers c on c.id = a.customer_id and c.deleted_at is null
        where a.type = 'status_change' and a.to_status = 'churned'
        group by 1, 2 order by 1, 2`)) as unknown as {
        rows: { org: string; day: string; n: number }[];
      };
      return result.rows.map((r) => `${r.org} ${r.day} ${r.n}`);
    };
    const keptChurn = async () => {
      const rows = await server.db
        .select()
        .from(customerDailyStats)
        .where(ne(customerDailyStats.churned, 0))
        .orderBy(customerDailyStats.organizationId, customerDailyStats.day);
      return rows.map((r) => `${r.organizationId} ${r.day} ${r.churned}`);
    };
    expect(await keptChurn()).toEqual(await freshChurn());
    expect(await kept()).toEqual(await fresh());
    expect((await kept()).length).toBeGreaterThan(5);
    expect(await keptDaily()).toEqual(await freshDaily());
    // A customer created on another day (as an import of old records would).
    await server.db
      .update(customers)
      .set({ createdAt: new Date('2024-02-29T23:30:00Z') })
      .where(eq(customers.name, 'Linus'));
    expect(await keptDaily()).toEqual(await freshDaily());

    // The list total without search comes from the statistics; with search it is counted.
    const all = await admin.client.get('/api/v1/customers?pageSize=5');
    expect(all.json.total).toBe(await liveCount(orgA));
    const owned = await admin.client.get(`/api/v1/customers?owner=${seller.userId}&status=active`);
    const counted = await admin.client.get(
      `/api/v1/customers?owner=${seller.userId}&status=active&search=%40`,
    );
    const withoutEmail = await admin.client.get(
      `/api/v1/customers?owner=${seller.userId}&status=active&search=Analytical`,
    );
    expect(owned.json.total).toBeGreaterThan(0);
    expect(owned.json.total).toBeGreaterThanOrEqual(counted.json.total);
    expect(withoutEmail.json.total).toBe(1);

    // Removing a user leaves their customers without an owner, in the statistics too.
    await server.db.delete(user).where(eq(user.id, seller.userId));
    expect(await kept()).toEqual(await fresh());
    expect(await keptDaily()).toEqual(await freshDaily());
    expect(await keptChurn()).toEqual(await freshChurn());
    const none = await admin.client.get('/api/v1/customers?owner=none&pageSize=5');
    expect(none.json.total).toBe(await liveCount(orgA));
  });
});
