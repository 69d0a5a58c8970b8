/** Assigning data sources to projects (idempotent, audited when something changed). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { projectDataSources, projects } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import { found, type OrgScope } from '../../http/records.ts';
import { DATA_SOURCE_MESSAGES } from '../../../shared/schemas/data-sources.ts';
import { findDataSource, type Executor } from './data-sources.service.ts';

/** A live project of the organisation, or 404. */
export async function findProject(db: Executor, scope: OrgScope, projectId: string) {
  const [project] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(
      and(
        eq(projects.id, projectId),
        eq(projects.organizationId, scope.organizationId),
        isNull(projects.deletedAt),
      ),
    );
  return found(project, DATA_SOURCE_MESSAGES.projectNotFound);
}

export async function assignProject(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  projectId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const source = await findDataSource(tx, scope, id);
    const project = await findProject(tx, scope, projectId);
    const [added] = await tx
      .insert(projectDataSources)
      .values({
        projectId,
        dataSourceId: id,
        organizationId: scope.organizationId,
        createdBy: actor.id,
      })
      .onConflictDoNothing()
      .returning({ projectId: projectDataSources.projectId });
    if (!added) return;
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'data_source.project.assign',
      targetType: 'data_source',
      targetId: id,
      after: { dataSource: source.name, projectId, project: project.name },
    });
  });
}

export async function unassignProject(
  db: Database,
  scope: OrgScope,
  actor: AuditActor,
  id: string,
  projectId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const source = await findDataSource(tx, scope, id);
    const project = await findProject(tx, scope, projectId);
    const [removed] = await tx
      .delete(projectDataSources)
      .where(
        and(eq(projectDataSources.projectId, projectId), eq(projectDataSources.dataSourceId, id)),
      )
      .returning({ projectId: projectDataSources.projectId });
    if (!removed) return;
    await recordAudit(tx, actor, {
      organizationId: scope.organizationId,
      action: 'data_source.project.unassign',
      targetType: 'data_source',
      targetId: id,
      before: { dataSource: source.name, projectId, project: project.name },
    });
  });
}
