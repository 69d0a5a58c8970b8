// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const PROVIDER_URL = 'http://127.0.0.1:1/authorize?state=abc';
let server: Server;
let seenBody: Record<string, unknown> | undefined;

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

beforeAll(async () => {
  // Answers /sign-in/social as Better Auth does: `redirect` is true unless the body disables it.
  server = createServer((request, response) => {
    void readJson(request).then((body) => {
      seenBody = body;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ url: PROVIDER_URL, redirect: !body.disableRedirect }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // The auth client takes the page's origin when its module loads.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/login`,
  );
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('startSocialSignIn', () => {
  it('goes to the provider exactly once (a second navigation would spend the one-time state)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const hrefSet = vi.fn();
    const { startSocialSignIn } = await import('./social-sign-in');
    const location = window.location;
    const href = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(location), 'href');
    Object.defineProperty(location, 'href', {
      configurable: true,
      get: () => href?.get?.call(location) as string,
      set: hrefSet,
    });

    await startSocialSignIn('oidc');

    expect(seenBody).toMatchObject({
      provider: 'oidc',
      callbackURL: '/auth/callback',
      disableRedirect: true,
    });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(PROVIDER_URL);
    expect(hrefSet).not.toHaveBeenCalled();
  });
});
