/** An IPv4 address carried in IPv6 form by a dual-stack socket (`::ffff:127.0.0.1`). */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The address as people write it: an IPv4-mapped IPv6 address becomes its IPv4 address. */
export function plainAddress(address: string): string {
  return IPV4_MAPPED.exec(address)?.[1] ?? address;
}
