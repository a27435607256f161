import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Duplex } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * The proxy's only way to talk to the site: one GET or HEAD with headers built from scratch (so
 * nothing of the client's request can leak through), a hard deadline, a size cap, no redirects
 * followed (a redirect would carry our Authorization header to wherever it points).
 */
export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Wall time of the exchange. */
  ms: number;
}

/** `invalid`: the site answered, but with bytes we cannot use (oversized, undecodable). */
export type UpstreamFailureKind = 'unreachable' | 'timeout' | 'invalid';

/** The site could not be asked or did not answer; `message` is safe to log (no secrets, no headers). */
export class UpstreamFailure extends Error {
  constructor(
    readonly kind: UpstreamFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface UpstreamCall {
  method: 'GET' | 'HEAD';
  url: string;
  /** Sent exactly as given; `Authorization` only from the proxy's own credentials. */
  headers: Record<string, string>;
  /** ms since epoch (real clock) after which the call is abandoned as a timeout. */
  deadline: number;
}

/** WordPress REST bodies are small; a site that sends more is misbehaving. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export const USER_AGENT = 'ticketing-widgets-proxy/0.1';

/**
 * We ask for no compression, but some servers and CDNs compress anyway; the body is passed on
 * without the site's Content-Encoding, so it must be plain.
 */
function decoded(body: Buffer, encoding: string | undefined, where: string): Buffer {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  const limit = { maxOutputLength: MAX_BODY_BYTES };
  try {
    if (name === 'identity' || name === '') return body;
    if (name === 'gzip' || name === 'x-gzip') return gunzipSync(body, limit);
    if (name === 'deflate') return inflateSync(body, limit);
    if (name === 'br') return brotliDecompressSync(body, limit);
  } catch {
    throw new UpstreamFailure('invalid', `${where} sent a body that does not decode as ${name}`);
  }
  throw new UpstreamFailure('invalid', `${where} sent an unsupported Content-Encoding (${name.slice(0, 40)})`);
}

export class UpstreamHttp {
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;

  constructor(maxSockets: number) {
    // Keep-alive matters: the reference API and most sites answer in a few ms once connected.
    this.http = new HttpAgent({ keepAlive: true, maxSockets });
    this.https = new HttpsAgent({ keepAlive: true, maxSockets });
  }

  send(call: UpstreamCall): Promise<UpstreamResponse> {
    const started = performance.now();
    const url = new URL(call.url);
    const secure = url.protocol === 'https:';
    const remaining = call.deadline - Date.now();
    // Printed in messages: origin and path only, never the query (it is the client's text).
    const where = `${url.origin}${url.pathname}`;
    if (remaining <= 0) return Promise.reject(new UpstreamFailure('timeout', `no time left to ask ${where}`));
    return new Promise<UpstreamResponse>((resolve, reject) => {
      const request = (secure ? httpsRequest : httpRequest)(
        url,
        { method: call.method, headers: call.headers, agent: secure ? this.https : this.http },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BODY_BYTES) {
              request.destroy(new UpstreamFailure('invalid', `${where} sent more than ${MAX_BODY_BYTES} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => {
            clearTimeout(timer);
            try {
              const body = decoded(Buffer.concat(chunks), response.headers['content-encoding'], where);
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body, ms: performance.now() - started });
            } catch (error) {
              fail(error);
            }
          });
          response.on('error', fail);
        },
      );
      const timer = setTimeout(() => {
        const failure = new UpstreamFailure('timeout', `${where} did not answer in time`);
        // Settled here, not by the 'error' destroy() causes: a socket Node has already let go of
        // emits nothing more, and the exchange, its upstream slot and every client waiting for it
        // would stay pending for good.
        fail(failure);
        request.destroy(failure);
      }, remaining);
      // A 101 to a request that asked for no upgrade: without a listener Node drops the socket and
      // says nothing, so the exchange would only end at the timeout. A REST answer it is not.
      request.on('upgrade', (response: IncomingMessage, socket: Duplex) => {
        socket.destroy();
        fail(new UpstreamFailure('invalid', `${where} answered ${response.statusCode ?? 101} Switching Protocols to a plain ${call.method}`));
      });
      function fail(error: unknown): void {
        clearTimeout(timer);
        if (error instanceof UpstreamFailure) reject(error);
        else reject(new UpstreamFailure('unreachable', `${where}: ${(error as NodeJS.ErrnoException)?.code ?? String(error)}`));
      }
      request.on('error', fail);
      request.end();
    });
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
