import { Hono, type Handler } from 'hono';
import type { AppDeps } from '../deps.ts';
import { z } from 'zod';
import type { AppEnv } from '../http/context.ts';
import { requireAuth } from '../http/context.ts';
import { forbidden, validationError } from '../http/errors.ts';
import { ensureOwnOrganization } from './organizations.ts';

/** The body the spec lists; tokens are ignored (the session cookie identifies the caller). */
const completeUserSetupBody = z
  .strictObject({
    access_token: z.string().max(4096).optional(),
    refresh_token: z.string().max(4096).optional(),
    user_id: z.string().max(64).optional(),
  })
  .default({});

async function readOptionalJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw validationError(
      new z.ZodError([
        { code: 'custom', path: [], message: 'Malformed JSON in request body', input: text },
      ]),
    );
  }
}

/** Server functions of spec section 7 under /api/functions. */
export const functionRoutes = new Hono<AppEnv>().post('/complete-user-setup', async (c) => {
  const { user } = requireAuth(c);
  const parsed = completeUserSetupBody.safeParse(await readOptionalJson(c.req.raw));
  if (!parsed.success) throw validationError(parsed.error);
  if (parsed.data.user_id && parsed.data.user_id !== user.id) {
    throw forbidden('user_id does not match the signed-in user');
  }
  const org = await ensureOwnOrganization(c.get('deps').db, user);
  return c.json({ success: true, organization: { id: org.id } }, org.created ? 201 : 200);
});

/**
 * check-super-admin answers `{ is_super_admin }` and never fails: no session, a broken
 * cookie or a lookup error all mean "not a super admin". It runs outside the request
 * context so that a bad X-Organization-Id cannot turn it into an error.
 */
export function checkSuperAdmin(deps: AppDeps): Handler {
  return async (c) => {
    let isSuperAdmin = false;
    try {
      const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
      isSuperAdmin = Boolean((session?.user as { superAdmin?: boolean } | undefined)?.superAdmin);
    } catch (error) {
      deps.logger.warn({ err: error }, 'check-super-admin failed; answering false');
    }
    return c.json({ is_super_admin: isSuperAdmin });
  };
}
