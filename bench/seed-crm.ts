// Seeds one organisation with CRM data for `npm run bench`: owners (members), projects,
// customers spread over a year with statuses, values, owners and tags, and a 'created' activity
// per customer plus status changes. Every table is filled by one INSERT … SELECT over
// generate_series, so 100,000 customers take seconds, not minutes.
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client.ts';

export interface CrmSeed {
  customers: number;
  projects: number;
  owners: number;
}

export const DEFAULT_CRM_SEED: CrmSeed = { customers: 100_000, projects: 1_000, owners: 8 };

/** Words the names are made of; a search for one of the last names matches a tenth of them. */
const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Barbara', 'Ken', 'Dennis'];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Torvalds',
  'Hamilton',
  'Liskov',
  'Thompson',
  'Ritchie',
  'Knuth',
  'Wirth',
];

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`);

export async function seedCrm(
  db: Database,
  organizationId: string,
  seed: CrmSeed = DEFAULT_CRM_SEED,
): Promise<void> {
  // One transaction: a failure leaves the database as it was, indexes included.
  await db.transaction(async (tx) => {
    const tag = `${Date.now().toString(36)}${process.pid}`;
    await tx.execute(sql`
      with owners as (
        insert into users (name, email, email_verified)
        select 'Owner ' || g, 'owner' || g || '.' || ${tag} || '@bench.test', true
        from generate_series(1, ${seed.owners}) as g
        returning id
      )
      insert into members (organization_id, user_id, role)
      select ${organizationId}::uuid, id, 'member' from owners`);

    await tx.execute(sql`
      insert into projects (organization_id, name, description, colour, icon, status, created_at, updated_at)
      select ${organizationId}::uuid, 'Project ' || g, 'Benchmark project number ' || g, '#7367F0',
        'folder', case when g % 5 = 0 then 'archived' else 'active' end,
        now() - make_interval(mins => g), now() - make_interval(mins => g)
      from generate_series(1, ${seed.projects}) as g`);

    // Building the secondary indexes once after the load is several times faster than
    // updating them row by row (the trigram index above all); the definitions are kept as is.
    const rebuild = await dropSecondaryIndexes(tx, ['customers', 'customer_activities']);

    await tx.execute(sql`
      with o as (
        select array_agg(user_id order by user_id) as ids
        from members where organization_id = ${organizationId}::uuid
      )
      insert into customers (organization_id, name, email, phone, company, status, value, owner_id,
        tags, created_at, updated_at)
      select ${organizationId}::uuid,
        (${textArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' ||
          (${textArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || ' ' || g,
        'customer' || g || '@example' || (g % 100) || '.test',
        '+1 555 ' || lpad((g % 10000)::text, 4, '0'),
        'Company ' || (g % 5000),
        (array['lead', 'prospect', 'active', 'churned'])[1 + g % 4],
        ((g * 7919) % 1000000) / 100.0,
        case when g % 10 = 0 then null else o.ids[1 + g % array_length(o.ids, 1)] end,
        case g % 3 when 0 then array['vip'] when 1 then array['b2b', 'retail'] else '{}'::text[] end,
        now() - make_interval(days => g % 365, mins => g % 1440),
        now() - make_interval(days => g % 365, mins => g % 1440)
      from generate_series(1, ${seed.customers}) as g, o`);

    await tx.execute(sql`
      insert into customer_activities (organization_id, customer_id, type, to_status, created_at)
      select organization_id, id, 'created', status, created_at
      from customers where organization_id = ${organizationId}::uuid`);
    await tx.execute(sql`
      insert into customer_activities (organization_id, customer_id, type, from_status, to_status, created_at)
      select organization_id, id, 'status_change', 'active', 'churned', created_at + interval '1 day'
      from customers where organization_id = ${organizationId}::uuid and status = 'churned'`);

    for (const definition of rebuild) await tx.execute(sql.raw(definition));
  });

  // Fresh statistics and visibility map, as autovacuum would leave them.
  for (const table of ['customers', 'customer_activities', 'projects', 'members']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

/** Drops the indexes of `tables` other than primary keys and unique ones; returns their DDL. */
async function dropSecondaryIndexes(
  db: Pick<Database, 'execute'>,
  tables: string[],
): Promise<string[]> {
  const result = (await db.execute(sql`
    select i.indexname, i.indexdef
    from pg_indexes i
    join pg_class c on c.relname = i.indexname
    join pg_index x on x.indexrelid = c.oid
    where i.schemaname = 'public' and i.tablename in ${sql`(${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )})`}
      and not x.indisprimary and not x.indisunique`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  for (const row of result.rows) await db.execute(sql.raw(`drop index "${row.indexname}"`));
  return result.rows.map((row) => row.indexdef);
}
