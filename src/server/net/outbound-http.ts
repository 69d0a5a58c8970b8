/**
 * HTTP(S) requests under the outbound policy: undici's fetch with an agent whose connections
 * resolve names through `guardedLookup` (the address connected to is the address checked). A
 * literal address in the URL is never looked up, so it is checked here first.
 */
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import {
  checkAddress,
  guardedLookup,
  type OutboundPolicy,
  type OutboundPurpose,
} from './outbound.ts';
import net from 'node:net';

const agents = new Map<string, Agent>();

function agentFor(policy: OutboundPolicy, purpose: OutboundPurpose): Agent {
  const key = JSON.stringify([policy, purpose]);
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ connect: { lookup: guardedLookup(policy, purpose) } });
    agents.set(key, agent);
  }
  return agent;
}

export async function outboundFetch(
  policy: OutboundPolicy,
  purpose: OutboundPurpose,
  url: URL,
  init: RequestInit = {},
): Promise<Response> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // Names are checked by the agent's lookup at connect time.
  if (net.isIP(host)) checkAddress(policy, purpose, url.hostname, host);
  // undici's Response and Headers are the web's; only their TypeScript declarations differ.
  const response = await undiciFetch(url, {
    ...(init as UndiciRequestInit),
    dispatcher: agentFor(policy, purpose),
  });
  return response as unknown as Response;
}
