import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Requests one connection may have open at once: arrived, and their answer not yet handed whole to
 * the kernel. Node parses every request a read brings and calls the handler for each, so without a
 * bound a client that pipelines thousands of small requests and never reads would make the proxy
 * build and hold every answer until the stall timeout. Browsers and fetch never pipeline; a client
 * that does and reads its answers stays far below this.
 */
export const MAX_PIPELINED = 64;

/**
 * Counts each connection's open requests. A request past `max` closes its connection at once: that
 * client is far ahead of what it reads, and holding more of its answers is what must not happen.
 */
export class Pipelines {
  private readonly open = new WeakMap<Socket, number>();

  constructor(private readonly max: number) {}

  /** Whether `res` may be answered (`admitted`), or its connection is gone, or was closed now (`refused`). */
  admit(socket: Socket, res: ServerResponse): 'admitted' | 'gone' | 'refused' {
    if (socket.destroyed) return 'gone';
    const count = this.open.get(socket) ?? 0;
    if (count >= this.max) {
      socket.destroy();
      return 'refused';
    }
    this.open.set(socket, count + 1);
    // 'close' follows the answer's last byte going to the kernel, or the connection's end.
    res.once('close', () => this.open.set(socket, (this.open.get(socket) ?? 1) - 1));
    return 'admitted';
  }
}
