// Raw TCP connections for proxy tests that speak HTTP by hand (pipelining, trickled headers, slots).
import net from 'node:net';

/** Opens a raw connection to the loopback `port` from `localAddress`; resolves once connected. */
export function connect(port: number, localAddress = '127.0.0.1'): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.on('error', () => {});
  });
}

/** Whether `socket` is closed by the other side within `ms`. */
export function closedWithin(socket: net.Socket, ms: number): Promise<boolean> {
  if (socket.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
