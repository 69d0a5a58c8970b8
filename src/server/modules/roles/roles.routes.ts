import { roleListSchema } from '../../../shared/schemas/roles.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { listRoles } from './roles.service.ts';

const list = defineRoute({
  method: 'get',
  path: '/roles',
  ...permission.can('read', 'Role'),
  tags: ['Roles'],
  summary: 'Each role with its member count in the selected organisation and its permissions',
  description:
    'Permissions come from the ability table in src/shared/abilities.ts, the one the server enforces.',
  responses: { 200: { description: 'The roles', content: jsonContent(roleListSchema) } },
});

export const roleRoutes = createRouter().openapi(list, async (c) =>
  c.json(await listRoles(c.get('deps').db, orgScope(c)), 200),
);
