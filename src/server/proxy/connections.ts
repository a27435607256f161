import type { Server, Socket } from 'node:net';
import { clientGroup, clientNetwork } from './cidr.js';
import { NETWORK_ALLOWANCE_FACTOR } from './limits.js';

export interface ConnectionLimits {
  /** Connections one client (an IPv4 address or an IPv6 /64) holds at once. */
  perClient: number;
  /** The server's `maxConnections`: what one IPv6 /48 must not take alone. */
  total: number;
}

/**
 * How many connections all the /64s of one IPv6 /48 hold together: `NETWORK_ALLOWANCE_FACTOR`
 * clients' worth, as for request rates, but never more than half of all slots (the defaults, 16 ×
 * 128 against 1024, would otherwise leave one /48 free to take them all), and never less than one
 * client's cap, so a single /64 never meets this limit before its own.
 */
export function networkConnectionCap({ perClient, total }: ConnectionLimits): number {
  return Math.max(perClient, Math.min(perClient * NETWORK_ALLOWANCE_FACTOR, Math.floor(total / 2)));
}

/** Open connections per key; keys are forgotten at zero, so a flood of addresses leaves nothing behind. */
class Counts {
  private readonly open = new Map<string, number>();

  has(key: string, max: number): boolean {
    return (this.open.get(key) ?? 0) < max;
  }

  add(key: string): void {
    this.open.set(key, (this.open.get(key) ?? 0) + 1);
  }

  remove(key: string): void {
    const left = (this.open.get(key) ?? 1) - 1;
    if (left <= 0) this.open.delete(key);
    else this.open.set(key, left);
  }
}

/**
 * A cap on the connections one client (an IPv4 address or an IPv6 /64) holds at once, and on those
 * all the /64s of one IPv6 /48 hold together (`networkConnectionCap`). `maxConnections` alone lets
 * one address take every slot (open them all, trickle header bytes) and lock everyone else out until
 * the header timeout; one holder of a /48 has 65,536 /64s to do the same from. With these caps, one
 * client's excess connections are closed as soon as they are accepted and the other slots stay free
 * for others.
 */
export function limitConnectionsPerClient(server: Server, limits: ConnectionLimits): void {
  const clients = new Counts();
  const networks = new Counts();
  const networkMax = networkConnectionCap(limits);
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const client = clientGroup(address);
    const network = clientNetwork(address);
    if (!clients.has(client, limits.perClient) || (network !== null && !networks.has(network, networkMax))) {
      socket.destroy();
      return;
    }
    clients.add(client);
    if (network !== null) networks.add(network);
    socket.once('close', () => {
      clients.remove(client);
      if (network !== null) networks.remove(network);
    });
  });
}
