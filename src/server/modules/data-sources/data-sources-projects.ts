/** Assigning data sources to projects (idempotent, audited when something changed). */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { projectDataSources, projects } from '../../db/schema/index.ts';
import type { AuditActor } from '../../audit/record.ts';
import { found, type OrgScope } from '../../http/records.ts';
import { DATA_SOURCE_MESSAGES } from '../../../shared/schemas/data-sources.ts';
import { auditDataSource, findDataSource, type Executor } from './data-sources.service.ts';

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

type Link = { scope: OrgScope; actor: AuditActor; id: string; projectId: string };

/**
 * A service `(db, scope, actor, id, projectId)` that links or unlinks a data source and a project
 * of the organisation (both must exist: 404); the entry is audited only when `write` changed
 * something (it returns the link it added or removed).
 */
function assignment(
  change: 'assign' | 'unassign',
  write: (tx: Executor, link: Link) => Promise<unknown[]>,
) {
  return (
    db: Database,
    scope: OrgScope,
    actor: AuditActor,
    id: string,
    projectId: string,
  ): Promise<void> =>
    db.transaction(async (tx) => {
      const source = await findDataSource(tx, scope, id);
      const project = await findProject(tx, scope, projectId);
      const [changed] = await write(tx, { scope, actor, id, projectId });
      if (!changed) return;
      const link = { dataSource: source.name, projectId, project: project.name };
      await auditDataSource(tx, scope, actor, id, `data_source.project.${change}`, {
        ...(change === 'assign' ? { after: link } : { before: link }),
      });
    });
}

export const assignProject = assignment('assign', (tx, { scope, actor, id, projectId }) =>
  tx
    .insert(projectDataSources)
    .values({
      projectId,
      dataSourceId: id,
      organizationId: scope.organizationId,
      createdBy: actor.id,
    })
    .onConflictDoNothing()
    .returning({ projectId: projectDataSources.projectId }),
);

export const unassignProject = assignment('unassign', (tx, { id, projectId }) =>
  tx
    .delete(projectDataSources)
    .where(
      and(eq(projectDataSources.projectId, projectId), eq(projectDataSources.dataSourceId, id)),
    )
    .returning({ projectId: projectDataSources.projectId }),
);
