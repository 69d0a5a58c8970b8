import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organization, organizationLogos } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { LOGO_MAX_BYTES } from '../../../shared/schemas/organization.ts';
import { getOrganization } from './organizations.service.ts';

const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/gif',
    test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The image type read from the file's first bytes (never trusted from the client), or a 4xx. */
export function checkLogoImage(data: Buffer): string {
  if (data.length === 0) throw new HttpError(400, 'VALIDATION_ERROR', 'The file is empty');
  if (data.length > LOGO_MAX_BYTES) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The logo must be 512 KB or smaller');
  }
  const match = SIGNATURES.find((s) => s.test(data));
  if (!match) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Use a PNG, JPEG, WebP or GIF picture');
  }
  return match.type;
}

export const logoPath = (orgId: string, version: Date) =>
  `/api/v1/organization-logos/${orgId}?v=${version.getTime()}`;

async function setLogo(
  db: Database,
  actor: AuditActor,
  orgId: string,
  change: { contentType: string; data: Buffer } | null,
) {
  const now = new Date();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ logo: organization.logo })
      .from(organization)
      .where(eq(organization.id, orgId));
    if (!before) throw notFound('Organization not found');
    if (change) {
      await tx
        .insert(organizationLogos)
        .values({ organizationId: orgId, ...change, updatedAt: now })
        .onConflictDoUpdate({
          target: organizationLogos.organizationId,
          set: { ...change, updatedAt: now },
        });
    } else {
      await tx.delete(organizationLogos).where(eq(organizationLogos.organizationId, orgId));
    }
    const logo = change ? logoPath(orgId, now) : null;
    await tx.update(organization).set({ logo }).where(eq(organization.id, orgId));
    await recordAudit(tx, actor, {
      organizationId: orgId,
      action: 'organization.update',
      targetType: 'organization',
      targetId: orgId,
      before: { logo: before.logo },
      after: { logo },
    });
  });
}

/** Stores an uploaded logo and points the organisation's `logo` at it. */
export async function saveLogo(
  db: Database,
  actor: AuditActor,
  orgId: string,
  role: string | null,
  upload: { contentType: string; data: Buffer },
) {
  await setLogo(db, actor, orgId, upload);
  return getOrganization(db, orgId, role);
}

/** Removes the logo (an uploaded one or an address). */
export async function removeLogo(
  db: Database,
  actor: AuditActor,
  orgId: string,
  role: string | null,
) {
  await setLogo(db, actor, orgId, null);
  return getOrganization(db, orgId, role);
}

export async function readLogo(db: Database, orgId: string) {
  const [row] = await db
    .select()
    .from(organizationLogos)
    .where(eq(organizationLogos.organizationId, orgId));
  return row ?? null;
}
