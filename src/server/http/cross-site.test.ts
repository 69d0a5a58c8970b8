import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../test/harness.ts';

type Signed = Awaited<ReturnType<typeof signedInUser>>;
let server: TestServer;
let user: Signed;

beforeAll(async () => {
  server = await startTestServer();
  user = await signedInUser(server);
});
afterAll(() => server?.close());

const refused = (res: { status: number; json: unknown }) => {
  expect(res.status).toBe(403);
  expect(res.json).toMatchObject({ error: { code: 'CROSS_SITE_REQUEST' } });
};

const organizationNames = async () =>
  ((await user.client.get('/api/v1/organizations')).json.items as { name: string }[]).map(
    (o) => o.name,
  );

describe('cross-site requests with the session cookie', () => {
  it('refuses an unsafe request from another origin, and changes nothing', async () => {
    refused(
      await user.client.post(
        '/api/v1/organizations',
        { name: 'Forged' },
        { origin: 'https://evil.example' },
      ),
    );
    refused(
      await user.client.request(
        'PATCH',
        '/api/v1/me/profile',
        { name: 'Forged' },
        {
          origin: 'null',
        },
      ),
    );
    refused(
      await user.client.post(
        '/api/functions/complete-user-setup',
        {},
        { origin: 'https://evil.example' },
      ),
    );
    expect(await organizationNames()).not.toContain('Forged');
  });

  it('believes Sec-Fetch-Site: cross-site and same-site requests are refused', async () => {
    refused(
      await user.client.post(
        '/api/v1/organizations',
        { name: 'Forged' },
        { origin: 'http://app.localhost:3000', 'sec-fetch-site': 'same-site' },
      ),
    );
    const noOrigin = await server.app.request('/api/v1/organizations', {
      method: 'POST',
      headers: {
        cookie: user.client.cookieHeader,
        'content-type': 'application/json',
        'sec-fetch-site': 'cross-site',
      },
      body: JSON.stringify({ name: 'Forged' }),
    });
    refused({ status: noOrigin.status, json: await noOrigin.json() });
    // The browser's word decides for its own pages, whatever address they were opened at.
    const sameOrigin = await user.client.post(
      '/api/v1/organizations',
      { name: 'Same origin' },
      { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' },
    );
    expect(sameOrigin.status).toBe(200);
  });

  it("takes the app's own origin, safe methods, and requests without a cookie", async () => {
    expect((await user.client.post('/api/v1/organizations', { name: 'From the app' })).status).toBe(
      200,
    );
    expect(
      (await user.client.get('/api/v1/organizations', { origin: 'https://evil.example' })).status,
    ).toBe(200);
    const noCookie = await server.app.request('/api/v1/organizations', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'No cookie' }),
    });
    expect(noCookie.status).toBe(401);
    // Neither Origin nor Sec-Fetch-Site: not a browser, so no forgery.
    const script = await server.app.request('/api/v1/organizations', {
      method: 'POST',
      headers: { cookie: user.client.cookieHeader, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'From a script' }),
    });
    expect(script.status).toBe(200);
  });
});
