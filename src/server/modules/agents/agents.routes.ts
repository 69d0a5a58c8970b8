import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '../../../shared/schemas/common.ts';
import {
  AGENT_MESSAGES as M,
  agentCreateSchema,
  agentDraftSavedSchema,
  agentDraftSchema,
  agentExportSchema,
  agentImportSchema,
  agentListQuerySchema,
  agentPageSchema,
  agentPublishSchema,
  agentSchema,
  agentUpdateSchema,
  agentVersionParamsSchema,
  agentVersionSchema,
  agentVersionSummarySchema,
} from '../../../shared/schemas/agents.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor, type AppEnv } from '../../http/context.ts';
import { httpError } from '../../http/errors.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { recordAccess } from '../../http/record-access.ts';
import {
  createAgent,
  deleteAgent,
  duplicateAgent,
  getAgent,
  getAgentRecord,
  listAgents,
  saveDraft,
  updateAgent,
} from './agents.service.ts';
import { exportAgent, importAgent } from './agent-export.ts';
import { getVersion, listVersions, publishAgent, restoreVersion } from './agent-versions.ts';
import { templateGraph } from './agent-templates.ts';

const TAGS = ['Agents'];

const list = defineRoute({
  method: 'get',
  path: '/agents',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'The organisation’s agents with search, project and status filters, sort and paging',
  request: { query: agentListQuerySchema },
  responses: { 200: { description: 'A page of agents', content: jsonContent(agentPageSchema) } },
});

const create = defineRoute({
  method: 'post',
  path: '/agents',
  ...permission.can('create', 'Agent'),
  tags: TAGS,
  summary: 'Create a blank agent or one from a template',
  request: { body: { content: jsonContent(agentCreateSchema), required: true } },
  responses: { 201: { description: 'Created', content: jsonContent(agentSchema) } },
});

const importRoute = defineRoute({
  method: 'post',
  path: '/agents/import',
  ...permission.can('create', 'Agent'),
  tags: TAGS,
  summary: 'Create an agent from an exported document (providers and sources mapped by name)',
  request: { body: { content: jsonContent(agentImportSchema), required: true } },
  responses: { 201: { description: 'Imported', content: jsonContent(agentSchema) } },
  errors: [422],
});

const read = defineRoute({
  method: 'get',
  path: '/agents/{id}',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'One agent with its draft graph and the draft’s problems',
  request: { params: idParamSchema },
  responses: { 200: { description: 'The agent', content: jsonContent(agentSchema) } },
});

const update = defineRoute({
  method: 'patch',
  path: '/agents/{id}',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary: 'Change the name, description, project, colour, icon or chat switch',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(agentUpdateSchema), required: true },
  },
  responses: { 200: { description: 'Updated', content: jsonContent(agentSchema) } },
});

const draft = defineRoute({
  method: 'put',
  path: '/agents/{id}/draft',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary:
    'Save the draft graph; `If-Match` names the revision it started from (409 when another save came first)',
  request: {
    params: idParamSchema,
    headers: z.object({ 'if-match': z.string().optional() }),
    body: { content: jsonContent(agentDraftSchema), required: true },
  },
  responses: { 200: { description: 'Saved', content: jsonContent(agentDraftSavedSchema) } },
  errors: [409, 428],
});

const publish = defineRoute({
  method: 'post',
  path: '/agents/{id}/publish',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary: 'Publish the draft as a new version (422 naming each problem when it has any)',
  request: {
    params: idParamSchema,
    body: { content: jsonContent(agentPublishSchema), required: true },
  },
  responses: {
    201: { description: 'Published', content: jsonContent(agentVersionSummarySchema) },
  },
  errors: [422],
});

const versions = defineRoute({
  method: 'get',
  path: '/agents/{id}/versions',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'The published versions, newest first',
  request: { params: idParamSchema },
  responses: {
    200: {
      description: 'The versions',
      content: jsonContent(z.object({ items: z.array(agentVersionSummarySchema) })),
    },
  },
});

const version = defineRoute({
  method: 'get',
  path: '/agents/{id}/versions/{number}',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'One version with its graph',
  request: { params: agentVersionParamsSchema },
  responses: { 200: { description: 'The version', content: jsonContent(agentVersionSchema) } },
});

const restore = defineRoute({
  method: 'post',
  path: '/agents/{id}/versions/{number}/restore',
  ...permission.can('update', 'Agent'),
  tags: TAGS,
  summary: 'Publish an old version again under a new number; it becomes the draft too',
  request: { params: agentVersionParamsSchema },
  responses: {
    201: { description: 'Restored', content: jsonContent(agentVersionSummarySchema) },
  },
});

const duplicate = defineRoute({
  method: 'post',
  path: '/agents/{id}/duplicate',
  ...permission.can('create', 'Agent'),
  tags: TAGS,
  summary: 'Copy an agent’s card and draft into a new unpublished agent',
  request: {
    params: idParamSchema,
    body: {
      content: jsonContent(z.strictObject({ name: agentCreateSchema.shape.name.optional() })),
      required: false,
    },
  },
  responses: { 201: { description: 'The copy', content: jsonContent(agentSchema) } },
});

const exportRoute = defineRoute({
  method: 'get',
  path: '/agents/{id}/export',
  ...permission.can('read', 'Agent'),
  tags: TAGS,
  summary: 'The agent as a JSON document without secrets or the organisation’s ids',
  request: { params: idParamSchema },
  responses: { 200: { description: 'The document', content: jsonContent(agentExportSchema) } },
});

const remove = defineRoute({
  method: 'delete',
  path: '/agents/{id}',
  ...permission.can('delete', 'Agent'),
  tags: TAGS,
  summary: 'Delete an agent (its runs stay in the history)',
  request: { params: idParamSchema },
  responses: { 204: { description: 'Deleted' } },
});

const { authorize, found404 } = recordAccess('Agent', M.notFound, getAgentRecord);

/** The revision of `If-Match` (a number, optionally quoted like an ETag). */
function expectedRevision(c: Context<AppEnv>): number {
  const header = c.req.header('if-match')?.trim().replace(/^W\//, '').replace(/"/g, '');
  const revision = header ? Number(header) : NaN;
  if (!Number.isInteger(revision) || revision < 1) {
    throw httpError('AGENT_REVISION_REQUIRED', M.revisionRequired);
  }
  return revision;
}

export const agentRoutes = createRouter()
  .openapi(list, async (c) =>
    c.json(await listAgents(c.get('deps').db, orgScope(c), c.req.valid('query')), 200),
  )
  .openapi(create, async (c) => {
    const db = c.get('deps').db;
    const { template, providerId, model, dataSourceId, ...card } = c.req.valid('json');
    const graph = await templateGraph(db, orgScope(c), template, {
      providerId,
      model,
      dataSourceId,
    });
    return c.json(await createAgent(db, orgScope(c), auditActor(c), card, graph), 201);
  })
  .openapi(importRoute, async (c) => {
    const { document, projectId } = c.req.valid('json');
    const db = c.get('deps').db;
    return c.json(await importAgent(db, orgScope(c), auditActor(c), document, projectId), 201);
  })
  .openapi(read, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(found404(await getAgent(c.get('deps').db, orgScope(c), id)), 200);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const db = c.get('deps').db;
    const agent = await updateAgent(db, orgScope(c), auditActor(c), id, c.req.valid('json'));
    return c.json(found404(agent), 200);
  })
  .openapi(draft, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const revision = expectedRevision(c);
    const { graph } = c.req.valid('json');
    const db = c.get('deps').db;
    return c.json(await saveDraft(db, orgScope(c), auditActor(c), id, revision, graph), 200);
  })
  .openapi(publish, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'update', id);
    const { note } = c.req.valid('json');
    const db = c.get('deps').db;
    return c.json(found404(await publishAgent(db, orgScope(c), auditActor(c), id, note)), 201);
  })
  .openapi(versions, async (c) => {
    const { id } = c.req.valid('param');
    const items = found404(await listVersions(c.get('deps').db, orgScope(c), id));
    return c.json({ items }, 200);
  })
  .openapi(version, async (c) => {
    const { id, number } = c.req.valid('param');
    const found = await getVersion(c.get('deps').db, orgScope(c), id, number);
    if (!found) throw httpError('NOT_FOUND', M.versionNotFound);
    return c.json(found, 200);
  })
  .openapi(restore, async (c) => {
    const { id, number } = c.req.valid('param');
    await authorize(c, 'update', id);
    const db = c.get('deps').db;
    const restored = await restoreVersion(db, orgScope(c), auditActor(c), id, number);
    return c.json(found404(restored), 201);
  })
  .openapi(duplicate, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'read', id);
    const body = c.req.valid('json') as { name?: string } | undefined;
    const db = c.get('deps').db;
    const copy = await duplicateAgent(db, orgScope(c), auditActor(c), id, (name) =>
      body?.name ? body.name : `${name} (copy)`.slice(0, 100),
    );
    return c.json(found404(copy), 201);
  })
  .openapi(exportRoute, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(found404(await exportAgent(c.get('deps').db, orgScope(c), id)), 200);
  })
  .openapi(remove, async (c) => {
    const { id } = c.req.valid('param');
    await authorize(c, 'delete', id);
    found404(await deleteAgent(c.get('deps').db, orgScope(c), auditActor(c), id));
    return c.body(null, 204);
  });
