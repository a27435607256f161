import { createHash } from 'node:crypto';

/**
 * Ours, not WordPress's: core sends no ETag and ignores If-None-Match. A strong validator over the
 * exact body bytes lets the widgets' cache and the proxy revalidate with a 304.
 */
export function etagFor(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** RFC 9110 If-None-Match: `*`, or a list of tags compared weakly (a `W/` prefix is ignored). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}
