import type { WpErrorWire } from '../../api/wire/shapes.js';
import { encodeJson } from './json.js';

/**
 * A WordPress `WP_Error` on its way to the client, shared by the reference API and the proxy so
 * both answer in core's shape: `{code, message, data: {status, ...}}` with the status as the HTTP
 * status. Clients branch on `code`, so every error either server invents must look like this too.
 */
export class WpError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** Extra `data` members after `status`, in WordPress's order (e.g. `params`, `details`). */
    readonly extra: Record<string, unknown> = {},
    /** Response headers the error needs (e.g. `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): WpErrorWire {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.extra } };
  }

  /** The body as WordPress would encode it (PHP's json_encode escaping). */
  toJson(): string {
    return encodeJson(this.toBody());
  }
}

/** core's answer for an unregistered route (also for a registered route under another method). */
export const noRoute = (): WpError => new WpError('rest_no_route', 'No route was found matching the URL and request method.', 404);
