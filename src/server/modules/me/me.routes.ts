import { buildUserData } from '../../../shared/user-data.ts';
import {
  meSchema,
  OWN_ACTIVITY_LIMIT,
  ownActivityListSchema,
} from '../../../shared/schemas/account.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { requireAuth } from '../../http/context.ts';
import { permission } from '../../http/permission.ts';
import { currentMemberships } from '../../auth/session-lookup.ts';
import { listOwnActivity } from './activity.service.ts';
import { userDataFields } from './profile.service.ts';

const me = defineRoute({
  method: 'get',
  path: '/me',
  ...permission.authenticated(),
  tags: ['Me'],
  summary: 'The signed-in user, their organisations and their ability rules',
  description:
    'The rules are built for the organisation named by the X-Organization-Id header (none: rules without an organisation role); a header naming an organisation the caller is not a member of is a 404.',
  responses: { 200: { description: 'The caller', content: jsonContent(meSchema) } },
  errors: [404],
});

const activity = defineRoute({
  method: 'get',
  path: '/me/activity',
  ...permission.authenticated(),
  tags: ['Me'],
  summary: `The caller's own latest ${OWN_ACTIVITY_LIMIT} audit entries, newest first`,
  description:
    'Entries whose actor is the caller, in every organisation and without one; unlike /audit-logs, open to every signed-in user.',
  responses: { 200: { description: 'The entries', content: jsonContent(ownActivityListSchema) } },
});

export const meRoutes = createRouter()
  .openapi(activity, async (c) => {
    const { user } = requireAuth(c);
    return c.json({ items: await listOwnActivity(c.get('deps').db, user.id) }, 200);
  })
  .openapi(me, async (c) => {
    const { user } = requireAuth(c);
    const org = c.get('org');
    const organizations = await currentMemberships(c.get('deps'), user.id);
    const userData = buildUserData({
      ...userDataFields(user),
      super_admin: Boolean(user.superAdmin),
      role: org?.role ?? undefined,
      org_roles: organizations.map((o) => ({ org_id: o.id, role: o.role })),
    });
    return c.json({ user: userData, organizations, organization: org, rules: c.get('rules') }, 200);
  });
