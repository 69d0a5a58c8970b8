import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organization, organizationLogos } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { notFound } from '../../http/errors.ts';
import { checkImageUpload } from '../../http/image-upload.ts';
import type { OrgScope } from '../../http/records.ts';
import { LOGO_MAX_BYTES } from '../../../shared/schemas/organization.ts';

/** The logo's image type from its bytes, or a 4xx (see checkImageUpload). */
export const checkLogoImage = (data: Buffer): string =>
  checkImageUpload(data, {
    maxBytes: LOGO_MAX_BYTES,
    tooLarge: 'The logo must be 512 KB or smaller',
  });

export const logoPath = (orgId: string, version: Date) =>
  `/api/v1/organization-logos/${orgId}?v=${version.getTime()}`;

async function setLogo(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  change: { contentType: string; data: Buffer } | null,
) {
  const orgId = scope.organizationId;
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
  scope: OrgScope,
  actor: AuditActor,
  upload: { contentType: string; data: Buffer },
): Promise<void> {
  await setLogo(db, scope, actor, upload);
}

/** Removes the logo (an uploaded one or an address). */
export async function removeLogo(db: Database, scope: OrgScope, actor: AuditActor): Promise<void> {
  await setLogo(db, scope, actor, null);
}

export async function readLogo(db: Database, orgId: string) {
  const [row] = await db
    .select()
    .from(organizationLogos)
    .where(eq(organizationLogos.organizationId, orgId));
  return row ?? null;
}
