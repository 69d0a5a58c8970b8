import { createRoute, z } from '@hono/zod-openapi';
import { ACTIONS, SUBJECTS } from '../../../shared/abilities.ts';
import { ORG_ROLES } from '../../../shared/constants.ts';
import { createRouter } from '../../http/openapi.ts';
import { requireOrg } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { listRoles } from './roles.service.ts';

const permissionDto = z.object({
  actions: z.array(z.enum(ACTIONS)),
  subjects: z.array(z.enum(SUBJECTS)),
  /** Only the user's own record. */
  own: z.boolean(),
});

const list = createRoute({
  method: 'get',
  path: '/roles',
  ...permission.can('read', 'Role'),
  tags: ['Roles'],
  summary: 'Each role with its member count in the selected organisation and its permissions',
  description:
    'Permissions come from the ability table in src/shared/abilities.ts, the one the server enforces.',
  responses: {
    200: {
      description: 'The roles',
      content: {
        'application/json': {
          schema: z.object({
            items: z.array(
              z.object({
                role: z.enum(ORG_ROLES),
                memberCount: z.number(),
                permissions: z.array(permissionDto),
              }),
            ),
            total: z.number(),
            everyone: z.array(permissionDto),
            superAdmin: z.array(permissionDto),
          }),
        },
      },
    },
  },
});

export const roleRoutes = createRouter().openapi(list, async (c) => {
  const org = requireOrg(c);
  return c.json(await listRoles(c.get('deps').db, org.id), 200);
});
