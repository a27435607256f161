import type { IncomingMessage } from 'node:http';

// A host name or IPv4/IPv6 literal with an optional port; anything else is not echoed into links.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** `http://host:port` as seen by the client (Host header), else the socket's local address. */
export function requestOrigin(req: IncomingMessage): string {
  const host = req.headers.host;
  if (typeof host === 'string' && HOST.test(host)) return `http://${host}`;
  return originOf(req.socket.localAddress ?? '127.0.0.1', req.socket.localPort ?? 80);
}

/** The origin for a listening address; wildcard binds are shown as loopback, IPv6 in brackets. */
export function originOf(address: string, port: number): string {
  let host = address.replace(/^::ffff:/, '');
  if (host === '0.0.0.0' || host === '') host = '127.0.0.1';
  if (host === '::') host = '::1';
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}
