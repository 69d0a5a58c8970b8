// Seeds one organisation with CRM data for `npm run bench` the way people create it: projects
// through the projects service (one create each, every fifth archived afterwards), customers
// through the CSV import (files of at most CUSTOMER_LIMITS.importRows rows, each committed like
// the import wizard does, with owners, tags and notes), and some of them moved to 'churned' with
// the bulk status action. So the rows, the search text, the stats tables, the activity timeline,
// the audit log and the planner statistics are those the product itself leaves behind; nothing
// here runs ANALYZE or VACUUM.
//
// Only the owners (members of the organisation) are written directly: inviting and signing up
// eight people through the API would only add minutes.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Database } from '../src/server/db/client.ts';
import { customers, member, organization, user } from '../src/server/db/schema/index.ts';
import type { AuditActor } from '../src/server/audit/record.ts';
import { commitImport } from '../src/server/modules/customers/customers-import.ts';
import { bulkSetStatus } from '../src/server/modules/customers/customers-bulk.ts';
import {
  createProject,
  setProjectStatus,
} from '../src/server/modules/projects/projects.service.ts';
import {
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_LIMITS,
  CUSTOMER_STATUSES,
  type CustomerImportField,
  type CustomerImportMapping,
} from '../src/shared/schemas/customers.ts';

export interface CrmSeed {
  customers: number;
  projects: number;
  owners: number;
  /** Share of the customers later moved to 'churned' with the bulk action (a timeline entry each). */
  churnShare: number;
}

export const DEFAULT_CRM_SEED: CrmSeed = {
  customers: 100_000,
  projects: 1_000,
  owners: 8,
  churnShare: 0.05,
};

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
const COMPANY_WORDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark'];
const COMPANY_KINDS = ['Ltd', 'GmbH', 'SA', 'Inc', 'Group', 'Labs'];
const TAG_SETS = [['vip'], ['b2b', 'retail'], [], ['b2b'], ['partner', 'vip'], []];

/** The header of the seed's CSV files: the import's field names, as the export writes them. */
const HEADER = [...CUSTOMER_IMPORT_FIELDS];
const MAPPING = Object.fromEntries(HEADER.map((field) => [field, field])) as CustomerImportMapping;

/** Customer number `g` as one CSV record (field -> cell). */
export function customerRecord(
  g: number,
  ownerEmails: readonly string[],
): Record<CustomerImportField, string> {
  const first = FIRST_NAMES[g % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(g / FIRST_NAMES.length) % LAST_NAMES.length]!;
  const owner =
    g % 10 === 0 || ownerEmails.length === 0 ? '' : ownerEmails[g % ownerEmails.length]!;
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${g}@example${g % 100}.test`.toLowerCase(),
    phone: `+1 555 ${String(g % 10_000).padStart(4, '0')}`,
    company: `${COMPANY_WORDS[g % COMPANY_WORDS.length]} ${COMPANY_KINDS[g % COMPANY_KINDS.length]} ${g % 5000}`,
    status: CUSTOMER_STATUSES[g % 3]!, // lead, prospect, active; churn comes from the bulk action
    value: (((g * 7919) % 1_000_000) / 100).toFixed(2),
    owner,
    tags: TAG_SETS[g % TAG_SETS.length]!.join('; '),
    notes: g % 4 === 0 ? `Met at the ${2000 + (g % 25)} fair; follow up by phone.` : '',
  };
}

/** Customers `from` to `to - 1` as the text of one CSV file. */
export function customersCsv(from: number, to: number, ownerEmails: readonly string[]): string {
  const data: string[][] = [];
  for (let g = from; g < to; g++) {
    const record = customerRecord(g, ownerEmails);
    data.push(HEADER.map((field) => record[field]));
  }
  return Papa.unparse({ fields: HEADER, data });
}

export type SeedProgress = (message: string) => void;

export async function seedCrm(
  db: Database,
  organizationId: string,
  actor: AuditActor,
  seed: CrmSeed = DEFAULT_CRM_SEED,
  progress: SeedProgress = () => {},
): Promise<void> {
  const scope = { organizationId };
  const ownerEmails = await addOwners(db, organizationId, seed.owners);

  const started = Date.now();
  for (let g = 1; g <= seed.projects; g++) {
    const project = await createProject(db, scope, actor, {
      name: `Project ${g}`,
      description: `Benchmark project number ${g}`,
      colour: '#7367F0',
      icon: 'folder',
      status: 'active',
    });
    if (g % 5 === 0) await setProjectStatus(db, scope, actor, project.id, 'archived');
  }
  progress(`${seed.projects} projects in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  for (let from = 1; from <= seed.customers; from += CUSTOMER_LIMITS.importRows) {
    const to = Math.min(seed.customers + 1, from + CUSTOMER_LIMITS.importRows);
    const fileStarted = Date.now();
    const { imported } = await commitImport(
      db,
      scope,
      actor,
      customersCsv(from, to, ownerEmails),
      MAPPING,
    );
    progress(
      `imported ${to - 1} of ${seed.customers} customers ` +
        `(${imported} in ${((Date.now() - fileStarted) / 1000).toFixed(1)} s)`,
    );
  }

  // Churn: a share of the active customers, a thousand per bulk action (the UI's limit).
  const churn = Math.round(seed.customers * seed.churnShare);
  const active = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.organizationId, organizationId),
        eq(customers.status, 'active'),
        isNull(customers.deletedAt),
      ),
    )
    .limit(churn);
  for (let i = 0; i < active.length; i += CUSTOMER_LIMITS.bulk) {
    const ids = active.slice(i, i + CUSTOMER_LIMITS.bulk).map((row) => row.id);
    await bulkSetStatus(db, scope, actor, { ids, status: 'churned' });
  }
  progress(`${active.length} customers moved to churned`);
}

/** Adds `count` verified users as members of the organisation; returns their e-mail addresses. */
async function addOwners(db: Database, organizationId: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const tag = `${Date.now().toString(36)}${process.pid}`;
  const owners = await db
    .insert(user)
    .values(
      Array.from({ length: count }, (_, i) => ({
        name: `Owner ${i + 1}`,
        email: `owner${i + 1}.${tag}@bench.test`,
        emailVerified: true,
      })),
    )
    .returning({ id: user.id, email: user.email });
  await db
    .insert(member)
    .values(owners.map((owner) => ({ organizationId, userId: owner.id, role: 'member' })));
  return owners.map((owner) => owner.email);
}

/**
 * Deletes the benchmark's organisation (its projects, customers, stats and members go with it)
 * and every user that was a member of it, for clean-up on a shared database.
 */
export async function removeSeed(db: Database, organizationId: string): Promise<void> {
  const members = await db
    .select({ id: member.userId })
    .from(member)
    .where(eq(member.organizationId, organizationId));
  await db.delete(organization).where(eq(organization.id, organizationId));
  if (members.length > 0) {
    await db.delete(user).where(
      inArray(
        user.id,
        members.map((m) => m.id),
      ),
    );
  }
}
