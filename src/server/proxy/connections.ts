import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientGroup } from './cidr.js';

/**
 * A cap on the connections one client (an IPv4 address or an IPv6 /64) holds at once. `maxConnections` alone lets one address take
 * every slot (open them all, trickle header bytes) and lock everyone else out until the header
 * timeout; with this, one client's excess connections are closed as soon as they are accepted and
 * the other slots stay free for others.
 */
export function limitConnectionsPerClient(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const client = clientGroup(socket.remoteAddress ?? '');
    const count = (open.get(client) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(client, count);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      // Forgotten at zero, so a flood of addresses leaves nothing behind.
      if (left <= 0) open.delete(client);
      else open.set(client, left);
    });
  });
}
