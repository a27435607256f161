import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { WpError } from '../shared/wp-error.js';
import { badRequest, headersTooLarge, requestTimeout } from './errors.js';
import { JSON_TYPE, SECURITY_HEADERS } from './replies.js';

/**
 * Requests Node refuses before the handler sees them (a malformed header line, headers over its
 * size limit, headers or a request that took too long) get the proxy's JSON error shape and its
 * security headers instead of Node's bare text answer, then the connection closes: after a parse
 * error nothing more on it can be trusted.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The client went away, or an answer to this request has begun (Node's own test, on the
    // response it attaches to the socket): nothing more can be said.
    const answering = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage?.headersSent ?? false;
    if (error.code === 'ECONNRESET' || !socket.writable || answering) {
      socket.destroy();
      return;
    }
    // Closed for good once written, as Node does: a client that never reads must not keep the slot.
    socket.end(rawAnswer(errorFor(error.code)), () => socket.destroy());
  });
}

function errorFor(code: string | undefined): WpError {
  if (code === 'HPE_HEADER_OVERFLOW') return headersTooLarge();
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return requestTimeout();
  return badRequest();
}

/** A whole HTTP/1.1 answer as bytes: there is no response object for a request Node could not read. */
function rawAnswer(error: WpError): Buffer {
  const body = Buffer.from(error.toJson(), 'utf8');
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'Content-Type': JSON_TYPE,
    'Cache-Control': 'no-store',
    'Content-Length': String(body.length),
    Connection: 'close',
  };
  const head = [`HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}
