import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, startTestServer, type TestServer } from '../test/harness.ts';
import { invitationIdOf } from './invitee-sign-in.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** An admin with an organisation who invites `email`; returns the invitation id. */
async function invite(email: string): Promise<string> {
  const admin = await signedInUser(server);
  const setup = await admin.client.post('/api/functions/complete-user-setup');
  admin.client.orgId = setup.json.organization.id as string;
  const sent = await admin.client.post('/api/v1/organizations/current/invitations', {
    email,
    role: 'member',
  });
  expect(sent.status, sent.text).toBe(200);
  return sent.json.id as string;
}

/** Registers `email` with a verification callback; opens the mailed link; returns the client. */
async function registerAndVerify(email: string, callbackURL: string) {
  const client = server.client();
  const signUp = await client.post('/api/auth/sign-up/email', {
    email,
    password: 'correct horse battery staple',
    name: 'Invitee',
    callbackURL,
  });
  expect(signUp.status, signUp.text).toBe(200);
  const link = new URL(await server.mailLink(email, '/api/auth/verify-email'));
  const verified = await client.get(link.pathname + link.search);
  expect(verified.status).toBe(302);
  return { client, location: verified.headers.get('location') };
}

const signedIn = async (client: ReturnType<TestServer['client']>) =>
  (await client.get('/api/auth/get-session')).json?.user?.email ?? null;

describe('signing in an invitee when they verify their address', () => {
  it('reads the invitation from the verification callback only', () => {
    expect(invitationIdOf('/verify-email?to=%2Faccept-invite%3Fid%3Dabc')).toBe('abc');
    expect(invitationIdOf('/verify-email?to=%2Fprojects')).toBeNull();
    expect(
      invitationIdOf('/verify-email?to=https%3A%2F%2Fevil.test%2Faccept-invite%3Fid%3Dx'),
    ).toBeNull();
    expect(invitationIdOf(undefined)).toBeNull();
  });

  it('signs in the invited address and returns to the invitation, which it can accept', async () => {
    const email = `invitee.${Date.now()}@example.test`;
    const id = await invite(email);
    const to = `/accept-invite?id=${id}`;
    const { client, location } = await registerAndVerify(
      email,
      `/verify-email?to=${encodeURIComponent(to)}`,
    );
    expect(new URL(location!, 'http://localhost:3000').searchParams.get('to')).toBe(to);
    expect(await signedIn(client)).toBe(email);
    const accepted = await client.post(`/api/v1/invitations/${id}/accept`);
    expect(accepted.status, accepted.text).toBe(200);
  });

  it('leaves everyone else to sign in themselves', async () => {
    const plain = await registerAndVerify(`plain.${Date.now()}@example.test`, '/verify-email');
    expect(await signedIn(plain.client)).toBeNull();

    const invited = `invited.${Date.now()}@example.test`;
    const id = await invite(invited);
    // Someone else registering with the link of an invitation that is not theirs.
    const other = await registerAndVerify(
      `other.${Date.now()}@example.test`,
      `/verify-email?to=${encodeURIComponent(`/accept-invite?id=${id}`)}`,
    );
    expect(await signedIn(other.client)).toBeNull();
  });
});
