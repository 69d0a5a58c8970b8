// A standalone OpenID Connect provider for the browser tests, started by playwright.config.ts
// (`node e2e/support/oidc-server.ts`) on OIDC_PORT. Everything is oauth2-mock-server
// (the same provider as the server tests), plus one control endpoint:
//   POST /__e2e/profile {sub, email, name, email_verified?} -> 204
// which sets who signs in next (setOidcProfile in e2e/support/oidc.ts).
import http from 'node:http';
import { z } from 'zod';
import { createOidcIdp } from '../../src/server/test/oidc-provider.ts';
import { OIDC_ISSUER, OIDC_PORT, OIDC_PROFILE_PATH } from './oidc.ts';

const profileSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  name: z.string().min(1),
  email_verified: z.boolean().optional(),
});

const { idp, setProfile } = await createOidcIdp({
  sub: 'e2e-oidc-default',
  email: 'oidc-default@idp.test',
  name: 'OIDC Default',
});
// The issuer the app server and the browser both use (the provider listens on every interface).
idp.issuer.url = OIDC_ISSUER;
const provider = idp.service.requestHandler;

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const server = http.createServer((request, response) => {
  if (request.url !== OIDC_PROFILE_PATH) {
    provider(request, response);
    return;
  }
  void (async () => {
    const parsed =
      request.method === 'POST'
        ? profileSchema.safeParse(JSON.parse((await readBody(request)) || 'null'))
        : undefined;
    if (!parsed?.success) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end('Expected a profile');
      return;
    }
    setProfile(parsed.data);
    response.writeHead(204).end();
  })().catch((error: unknown) => {
    response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
  });
});

server.listen(OIDC_PORT, () => {
  console.log(`OIDC provider for the browser tests at ${OIDC_ISSUER}`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
