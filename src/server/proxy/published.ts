/**
 * Defence in depth for public answers of post routes: the site is asked anonymously, so it should
 * never send a draft, private or scheduled post; if it does anyway (a plugin that opens them up, a
 * caching layer that mixes logged-in answers), nothing whose `status` is not `publish` leaves the
 * proxy. A list loses those items; a single post becomes core's 404 for a post that does not exist.
 */
export type PublishedBody = { kind: 'ok'; body: Buffer; withheld: number } | { kind: 'unpublished' } | { kind: 'unreadable' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function published(item: unknown): boolean {
  return isRecord(item) && item['status'] === 'publish';
}

/**
 * @param stripStatus `status` was only asked for our check (the client's `_fields` left it out):
 *   remove it again so the client gets the fields it asked for.
 */
export function publishedOnly(body: Buffer, stripStatus: boolean): PublishedBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { kind: 'unreadable' };
  }
  const strip = (item: unknown): unknown => {
    if (!stripStatus || !isRecord(item)) return item;
    const { status: _status, ...rest } = item;
    return rest;
  };
  if (Array.isArray(parsed)) {
    const kept = parsed.filter(published);
    const withheld = parsed.length - kept.length;
    // Untouched answers keep the site's exact bytes.
    if (withheld === 0 && !stripStatus) return { kind: 'ok', body, withheld };
    return { kind: 'ok', body: Buffer.from(JSON.stringify(kept.map(strip)), 'utf8'), withheld };
  }
  if (!published(parsed)) return { kind: 'unpublished' };
  return stripStatus ? { kind: 'ok', body: Buffer.from(JSON.stringify(strip(parsed)), 'utf8'), withheld: 0 } : { kind: 'ok', body, withheld: 0 };
}
