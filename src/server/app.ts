import { Hono, type MiddlewareHandler } from 'hono';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppDeps } from './deps.ts';
import { AVATAR_MAX_BYTES } from '../shared/schemas/account.ts';
import { CLIENT_IP_HEADER, trustedOrigins } from './auth/auth.ts';
import { checkSuperAdmin, functionRoutes } from './auth/functions.ts';
import { clientIp } from './http/client-ip.ts';
import { refuseCrossSite } from './http/cross-site.ts';
import { requestContext, requireAuth, type AppEnv } from './http/context.ts';
import { compressJson } from './http/compress.ts';
import { HttpError, errorResponse, notFound, toApiError } from './http/errors.ts';
import { inputHygiene } from './http/input-hygiene.ts';
import { createRouter } from './http/openapi.ts';
import { publicRequests } from './http/permission.ts';
import { bodyLimit } from './http/body-limit.ts';
import { requestLog } from './http/request-log.ts';
import { securityHeaders } from './http/security.ts';
import { mountSpa } from './http/spa.ts';
import { helpRequestRoutes } from './modules/help-requests/help-requests.routes.ts';
import { meRoutes } from './modules/me/me.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { profileRoutes } from './modules/me/profile.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { roleRoutes } from './modules/roles/roles.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { whitelistRoutes } from './modules/whitelist/whitelist.routes.ts';
import { projectRoutes } from './modules/projects/projects.routes.ts';
import { agentRoutes } from './modules/agents/agents.routes.ts';
import { runRoutes } from './modules/agents/runs/runs.routes.ts';
import { scheduleRoutes } from './modules/agents/schedules/schedules.routes.ts';
import { chatRoutes } from './modules/agents/chat/chat.routes.ts';
import { agentSettingsRoutes } from './modules/agents/settings/agent-settings.ts';
import { webhookRoutes } from './modules/agents/webhooks/webhooks.routes.ts';
import { hookRoutes } from './modules/agents/webhooks/hook.routes.ts';
import { customerRoutes } from './modules/customers/customers.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { dataSourceRoutes } from './modules/data-sources/data-sources.routes.ts';
import { modelProviderRoutes } from './modules/model-providers/model-providers.routes.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import {
  OPENAI_PATH_PREFIX,
  openAiErrorResponse,
  openAiRoutes,
} from './modules/agents/api/openai.routes.ts';
import { apiKeyContext } from './http/api-key-auth.ts';
import { apiDocsRoutes } from './http/api-docs.ts';
import { tryBuilderRoutes } from './modules/try-builder/try-builder.routes.ts';
import { DATA_SOURCE_LIMITS } from '../shared/schemas/data-sources.ts';
import { CUSTOMER_IMPORT_BODY_BYTES } from '../shared/schemas/customers.ts';

export const WEB_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../dist/web',
);
const MAX_BODY_BYTES = 1024 * 1024;
const MULTIPART_OVERHEAD = 64 * 1024;
/** Routes that take more than the default body size. */
const LARGER_BODIES: Record<string, number> = {
  '/api/v1/me/avatar': AVATAR_MAX_BYTES + MULTIPART_OVERHEAD,
  '/api/v1/customers/import/preview': CUSTOMER_IMPORT_BODY_BYTES,
  '/api/v1/customers/import/commit': CUSTOMER_IMPORT_BODY_BYTES,
  '/api/v1/data-sources/files': DATA_SOURCE_LIMITS.fileMaxBytes + MULTIPART_OVERHEAD,
};

export function createApp(deps: AppDeps, options: { webRoot?: string } = {}) {
  const app = new Hono<AppEnv>();

  app.use('*', requestLog(deps.logger));
  app.use('*', securityHeaders({ tagManager: Boolean(deps.config.gtmId) }));
  app.use('/api/*', compressJson());
  const bodyLimits = new Map<number, MiddlewareHandler>();
  app.use('/api/*', (c, next) => {
    // No handler reads the body of a GET or HEAD, and asking for it makes the Node adapter
    // build a whole Request object for every such call.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const maxSize = LARGER_BODIES[c.req.path] ?? MAX_BODY_BYTES;
    let limit = bodyLimits.get(maxSize);
    if (!limit) {
      limit = bodyLimit({
        maxSize,
        onError: () => {
          throw new HttpError(
            413,
            'PAYLOAD_TOO_LARGE',
            `The request body is larger than ${Math.floor(maxSize / 1024 / 1024)} MB`,
          );
        },
      });
      bodyLimits.set(maxSize, limit);
    }
    return limit(c, next);
  });
  // Better Auth checks the origin of its own endpoints.
  const sameSiteOnly = refuseCrossSite(trustedOrigins(deps.config));
  app.use('/api/functions/*', sameSiteOnly);
  app.use('/api/v1/*', sameSiteOnly);
  app.use('/api/auth/*', inputHygiene({ multipart: true }));
  app.use('/api/functions/*', inputHygiene());
  app.use('/api/v1/*', inputHygiene());
  app.onError((error, c) => {
    const apiError = toApiError(error, deps.logger);
    return c.req.path.startsWith(OPENAI_PATH_PREFIX)
      ? openAiErrorResponse(c, apiError)
      : errorResponse(c, apiError);
  });

  // What the browser needs to know before it signs in; nothing secret.
  app.get('/api/config', (c) =>
    c.json({
      gtmId: deps.config.gtmId ?? null,
      auth: {
        google: Boolean(deps.config.google),
        oidc: deps.config.oidc ? { name: deps.config.oidc.name } : null,
      },
    }),
  );
  app.get('/api/health', (c) => c.json({ status: 'ok' }));
  app.get('/api/ready', async (c) =>
    (await deps.isReady()) ? c.json({ status: 'ready' }) : c.json({ status: 'not ready' }, 503),
  );

  // Better Auth sees the caller's address only through a header the server sets itself.
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, deps.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    const response = await deps.auth.handler(new Request(c.req.raw, { headers }));
    const retryAfter = response.headers.get('x-retry-after');
    if (response.status === 429 && retryAfter) {
      const limited = new Response(response.body, response);
      limited.headers.set('Retry-After', retryAfter);
      return limited;
    }
    return response;
  });

  app.post('/api/functions/check-super-admin', checkSuperAdmin(deps));
  app.use('/api/functions/*', requestContext(deps));
  app.route('/api/functions', functionRoutes);

  const v1 = createRouter();
  v1.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Meridian API', version: '1' },
  });
  // Every /api/v1 request needs a session, except the OpenAPI document and the routes that
  // declare `permission.public()` (src/server/http/permission.ts); read once all are mounted.
  let isPublic: ((method: string, path: string) => boolean) | undefined;
  v1.use('*', async (c, next) => {
    isPublic ??= publicRequests(v1.openAPIRegistry.definitions, '/api/v1');
    const openApiDocument = c.req.method === 'GET' && c.req.path === '/api/v1/openapi.json';
    // An API key's request is checked by the route (`permission.can(…, { apiKey })`).
    if (!openApiDocument && !isPublic(c.req.method, c.req.path) && !c.get('apiKey')) {
      requireAuth(c);
    }
    await next();
  });
  v1.route('/', meRoutes);
  v1.route('/', helpRequestRoutes);
  v1.route('/', notificationRoutes);
  v1.route('/', profileRoutes);
  v1.route('/', organizationRoutes);
  v1.route('/', adminRoutes);
  v1.route('/', whitelistRoutes);
  v1.route('/', userRoutes);
  v1.route('/', roleRoutes);
  v1.route('/', auditRoutes);
  v1.route('/', projectRoutes);
  v1.route('/', customerRoutes);
  v1.route('/', dashboardRoutes);
  v1.route('/', homeRoutes);
  v1.route('/', searchRoutes);
  v1.route('/', dataSourceRoutes);
  v1.route('/', modelProviderRoutes);
  v1.route('/', tryBuilderRoutes);
  v1.route('/', agentRoutes);
  v1.route('/', runRoutes);
  v1.route('/', scheduleRoutes);
  v1.route('/', chatRoutes);
  v1.route('/', agentSettingsRoutes);
  v1.route('/', apiKeyRoutes);
  v1.route('/', openAiRoutes);
  v1.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', {
    type: 'http',
    scheme: 'bearer',
    description: 'An organisation API key, `mk_…` (the organisation’s API keys tab)',
  });
  v1.route('/', webhookRoutes);
  app.use('/api/v1/*', requestContext(deps));
  app.use('/api/v1/*', apiKeyContext());
  app.route('/api/v1', v1);
  // Agents' webhooks: other systems post here without a session (the token is in the path).
  app.route('/api/hooks', hookRoutes(deps));

  app.route('/api/docs', apiDocsRoutes());

  app.all('/api/*', () => {
    throw notFound('No such API route');
  });

  mountSpa(app as unknown as Hono<never>, options.webRoot ?? WEB_ROOT);
  return app;
}

export type App = ReturnType<typeof createApp>;
