import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { plainAddress } from '../../shared/ip-address.ts';

/**
 * The caller's address: the socket's peer, or the first X-Forwarded-For entry when the
 * server runs behind a proxy that sets it (trustProxy). Never a header a client can forge
 * when no proxy is trusted. An IPv4 caller on a dual-stack socket is given as IPv4 (127.0.0.1,
 * not ::ffff:127.0.0.1), as it is stored in sessions and the audit log.
 */
export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return plainAddress(forwarded);
  }
  try {
    const address = getConnInfo(c).remote.address;
    return address === undefined ? undefined : plainAddress(address);
  } catch {
    return undefined;
  }
}
