import type { WpErrorWire } from './shapes.js';

/**
 * Checks that a parsed body is a WordPress error (`{code, message, data?}`) and returns it typed,
 * or null when it is anything else. Only string `params` values are kept.
 */
export function readWpError(body: unknown): (WpErrorWire & { params?: Record<string, string> }) | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { code, message, data } = body as Record<string, unknown>;
  if (typeof code !== 'string' || code === '' || typeof message !== 'string') return null;
  const result: WpErrorWire & { params?: Record<string, string> } = { code, message };
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const status = (data as Record<string, unknown>).status;
    result.data = typeof status === 'number' ? { status } : {};
    const rawParams = (data as Record<string, unknown>).params;
    if (typeof rawParams === 'object' && rawParams !== null && !Array.isArray(rawParams)) {
      const params: Record<string, string> = Object.create(null);
      for (const [name, reason] of Object.entries(rawParams)) {
        if (typeof reason === 'string') params[name] = reason;
      }
      result.params = params;
    }
  }
  return result;
}
