/**
 * Who a connection or request counts as, for per-client limits: the address the socket came from,
 * with an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) read as the IPv4 address it is.
 */
export function clientAddress(remoteAddress: string | undefined): string {
  return (remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/i, '');
}
