/**
 * /api/v1/try-builder: what the public try-builder (issue 16 §2) needs from the server, without a
 * session. The demo model, when the instance admin configured one (DEMO_MODEL_*): its id, and an
 * OpenAI-compatible chat-completions endpoint that forwards to it with the server's key, rate
 * limited per client address. Neither the key nor the provider's address is ever sent back.
 */
import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  demoChatRequestSchema,
  tryBuilderConfigSchema,
  TRY_BUILDER_MESSAGES,
  type TryBuilderConfig,
} from '../../../shared/schemas/try-builder.ts';
import type { AppEnv } from '../../http/context.ts';
import { clientIp } from '../../http/client-ip.ts';
import { errorResponse, httpError } from '../../http/errors.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { permission } from '../../http/permission.ts';
import { consumeDemoRequest } from './demo-rate-limit.ts';
import { forwardDemoChat } from './demo-chat.ts';

const TAGS = ['Try-builder'];
const PUBLIC = permission.public();

/** 404 before anything else (the body is not even read) when the instance has no demo model. */
const demoModelOn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('deps').config.demoModel) {
    throw httpError('DEMO_MODEL_OFF', TRY_BUILDER_MESSAGES.off);
  }
  await next();
};

/** Every request counts, valid or not, before its body is validated. */
const perAddressLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = c.get('deps');
  const demo = deps.config.demoModel!;
  const address = clientIp(c, deps.trustProxy) ?? 'unknown';
  const outcome = await consumeDemoRequest(deps.db, address, demo.rateLimit);
  if (!outcome.allowed) {
    const response = errorResponse(c, httpError('RATE_LIMITED', TRY_BUILDER_MESSAGES.rateLimited));
    response.headers.set('Retry-After', String(outcome.retryAfterSeconds));
    return response;
  }
  await next();
};

const config = defineRoute({
  method: 'get',
  path: '/try-builder/config',
  ...PUBLIC,
  tags: TAGS,
  summary: 'The demo model the try-builder may use (its id only), or null when there is none',
  responses: {
    200: { description: 'The configuration', content: jsonContent(tryBuilderConfigSchema) },
  },
  // Only input hygiene's refusal of a query string that cannot be stored (NUL, lone surrogates).
  errors: [400],
});

const chat = defineRoute({
  method: 'post',
  path: '/try-builder/chat/completions',
  ...PUBLIC,
  middleware: [PUBLIC.middleware, demoModelOn, perAddressLimit] as const,
  tags: TAGS,
  summary:
    'An OpenAI chat completion from the demo model (the model forced, max_tokens capped); streamed as server-sent events when stream is true. 404 DEMO_MODEL_OFF without a demo model, 429 RATE_LIMITED per address, 502 DEMO_MODEL_FAILED when the provider fails',
  request: {
    body: { content: jsonContent(demoChatRequestSchema), required: true },
  },
  responses: {
    200: {
      description: 'The provider’s answer, unchanged',
      content: {
        'text/event-stream': { schema: z.string() },
        'application/json': { schema: z.record(z.string(), z.unknown()) },
      },
    },
  },
  errors: [404, 429, 502],
});

export const tryBuilderRoutes = createRouter()
  .openapi(config, (c) => {
    const demo = c.get('deps').config.demoModel;
    const body: TryBuilderConfig = { demoModel: demo ? { model: demo.model } : null };
    return c.json(body, 200);
  })
  .openapi(chat, async (c) => {
    const deps = c.get('deps');
    const response = await forwardDemoChat({
      demo: deps.config.demoModel!,
      policy: deps.config.outbound,
      body: c.req.valid('json'),
      signal: c.req.raw.signal,
      logger: deps.logger,
    });
    return response as never;
  });
