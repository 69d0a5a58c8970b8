/**
 * The webhook in the OpenAPI document of /api/v1: it is served at /api/hooks (outside /api/v1,
 * without a session), which the operation's own `servers` entry says, so that a reference page
 * sends a tried call to the right address.
 */
import { z } from 'zod';
import { defineRoute, jsonContent } from '../../../http/openapi.ts';
import { permission } from '../../../http/permission.ts';
import {
  WEBHOOK_BODY_MAX_BYTES,
  WEBHOOK_RUN_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_WAIT_MS,
} from '../../../../shared/schemas/webhooks.ts';

const text = { schema: z.string() };
const fields = { schema: z.record(z.string(), z.string()) };

export const hookOperation = defineRoute({
  method: 'post',
  path: '/hooks/{agentId}/{token}',
  servers: [{ url: '/api', description: 'Webhooks are served under /api, not /api/v1' }],
  ...permission.public(),
  tags: ['Webhooks'],
  summary: `Run an agent's published version from another system (trigger webhook). JSON object fields, form fields or text (the start's first text input, else \`body\`) are its input; at most ${WEBHOOK_BODY_MAX_BYTES / 1024} KB. With a signing secret, ${WEBHOOK_SIGNATURE_HEADER} must be sha256= and the HMAC-SHA256 of the raw body. Answers the output when the run ends within ${WEBHOOK_WAIT_MS / 1000} s, else 202; ?async=true answers 202 at once.`,
  request: {
    params: z.object({
      agentId: z.string().describe('The agent’s id'),
      token: z.string().describe('The webhook’s secret token, from the agent’s Triggers tab'),
    }),
    query: z.object({ async: z.enum(['true', 'false']).optional() }),
    headers: z.object({
      [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: z
        .string()
        .optional()
        .describe('sha256=<hex>, when the webhook has a signing secret'),
    }),
    body: {
      required: false,
      content: {
        'application/json': { schema: z.record(z.string(), z.unknown()) },
        'application/x-www-form-urlencoded': fields,
        'multipart/form-data': fields,
        'text/plain': text,
      },
    },
  },
  responses: {
    200: {
      description: `The run's output (JSON, or text for a text output); ${WEBHOOK_RUN_HEADER} names the run`,
      content: { 'application/json': { schema: z.unknown() }, 'text/plain': text },
    },
    202: {
      description: 'The run goes on',
      content: jsonContent(z.object({ id: z.string(), status: z.literal('running') })),
    },
  },
  errors: [401, 409, 415, 422],
});
