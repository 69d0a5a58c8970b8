import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../test/harness.ts';
import { slugify } from './organizations.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('organisation slugs derived from the name', () => {
  it('writes the name as lower-case ASCII words joined by hyphens', () => {
    expect(slugify('Acme Studio')).toBe('acme-studio');
    expect(slugify('  Café Ôlé & Co. ')).toBe('cafe-ole-co');
    expect(slugify('مريديان')).toBe('org');
    expect(slugify(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
  });

  it('has no random suffix while the name is free, then numbers it', async () => {
    const { client } = await signedInUser(server);
    const name = `Northwind ${Date.now()}`;
    const slugs: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const created = await client.post('/api/v1/organizations', { name });
      expect(created.status).toBe(200);
      slugs.push(created.json.slug as string);
    }
    const base = slugify(name);
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('gives a new account its organisation under the plain slug of its name', async () => {
    const user = await signedInUser(server, { name: `Ada Quill ${Date.now()}` });
    const setup = await user.client.post('/api/functions/complete-user-setup');
    expect(setup.status).toBe(201);
    const list = await user.client.get('/api/v1/organizations');
    expect(list.json.items.map((o: { slug: string }) => o.slug)).toEqual([
      slugify(`${user.name}'s organization`),
    ]);
  });
});
