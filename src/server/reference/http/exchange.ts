import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request as the reference API's log keeps it. */
export interface RequestRecord {
  method: string;
  /** The path as sent (still percent-encoded), without the query. */
  path: string;
  /** The query as sent, with its leading `?`, or ''. */
  search: string;
  /** The REST route (e.g. `/wp/v2/mep_events`) whether reached by `/wp-json/` or `?rest_route=`; '' otherwise. */
  route: string;
  status: number;
  ifNoneMatch: string | null;
  /** Whether an Authorization header was sent (its value is never kept). */
  authorization: boolean;
  /** ms epoch when the request arrived. */
  at: number;
}

/**
 * A request/response pair that records itself exactly once, when its status is decided, so a
 * client that has just read the response always finds the request in the log.
 */
export class Exchange {
  readonly method: string;
  readonly path: string;
  readonly search: string;
  readonly at = Date.now();
  route = '';
  private recorded = false;

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    private readonly onRecord: (record: RequestRecord) => void,
  ) {
    this.method = (req.method ?? 'GET').toUpperCase();
    const target = req.url ?? '/';
    // Absolute-form targets (sent to proxies) carry scheme and host; keep only path and query.
    const relative = /^[a-z][a-z0-9+.-]*:\/\//i.test(target) ? target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') : target;
    const cut = relative.indexOf('?');
    this.path = (cut < 0 ? relative : relative.slice(0, cut)) || '/';
    this.search = cut < 0 ? '' : relative.slice(cut).replace(/#.*$/, '');
  }

  /** Writes status and headers (recording the request) and ends with the body, if any. */
  send(status: number, headers: Record<string, string>, body?: Buffer | string): void {
    this.record(status);
    this.res.writeHead(status, headers);
    this.res.end(this.method === 'HEAD' ? undefined : body);
  }

  /** For streamed bodies: records and writes the head; the caller pipes the body. */
  writeHead(status: number, headers: Record<string, string>): void {
    this.record(status);
    this.res.writeHead(status, headers);
  }

  private record(status: number): void {
    if (this.recorded) return;
    this.recorded = true;
    const inm = this.req.headers['if-none-match'];
    this.onRecord({
      method: this.method,
      path: this.path,
      search: this.search,
      route: this.route,
      status,
      ifNoneMatch: typeof inm === 'string' ? inm : null,
      authorization: this.req.headers.authorization !== undefined,
      at: this.at,
    });
  }
}
