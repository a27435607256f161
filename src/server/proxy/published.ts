/**
 * Defence in depth for public answers of post routes: the site is asked anonymously, so it should
 * never send a draft, private or scheduled post; if it does anyway (a plugin that opens them up, a
 * caching layer that mixes logged-in answers), nothing whose `status` is not `publish` leaves the
 * proxy. A list loses those items; a single post becomes core's 404 for a post that does not exist.
 * A published but password-protected post keeps everything but its text, as core answers anyone
 * who has not given the password.
 */
export type PublishedBody = { kind: 'ok'; body: Buffer; withheld: number } | { kind: 'unpublished' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function published(item: unknown): boolean {
  return isRecord(item) && item['status'] === 'publish';
}

const TEXT_FIELDS = ['content', 'excerpt'] as const;

/** Password-protected (`content.protected`, or the excerpt's): core shows its text only to who knows the password. */
function isProtected(item: unknown): boolean {
  return isRecord(item) && TEXT_FIELDS.some((name) => isRecord(item[name]) && item[name]['protected'] === true);
}

/** The post with its text blanked and `protected: true` kept, as core answers anyone without the password. */
function withoutText(item: unknown): unknown {
  if (!isProtected(item) || !isRecord(item)) return item;
  const copy: Record<string, unknown> = { ...item };
  for (const name of TEXT_FIELDS) {
    const field = item[name];
    if (isRecord(field)) copy[name] = { ...field, ...('rendered' in field && { rendered: '' }), protected: true };
  }
  return copy;
}

/**
 * @param body The site's answer as it came, returned as it is when nothing needs withholding.
 * @param parsed The same answer parsed (upstream-result.ts: parsed once, by one rule).
 * @param stripStatus `status` was only asked for our check (the client's `_fields` left it out):
 *   remove it again so the client gets the fields it asked for.
 */
export function publishedOnly(body: Buffer, parsed: unknown, stripStatus: boolean): PublishedBody {
  const strip = (item: unknown): unknown => {
    if (!stripStatus || !isRecord(item)) return item;
    const { status: _status, ...rest } = item;
    return rest;
  };
  const rewrite = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');
  if (Array.isArray(parsed)) {
    const kept = parsed.filter(published);
    const withheld = parsed.length - kept.length;
    // Untouched answers keep the site's exact bytes.
    if (withheld === 0 && !stripStatus && !kept.some(isProtected)) return { kind: 'ok', body, withheld };
    return { kind: 'ok', body: rewrite(kept.map((item) => strip(withoutText(item)))), withheld };
  }
  if (!published(parsed)) return { kind: 'unpublished' };
  if (!stripStatus && !isProtected(parsed)) return { kind: 'ok', body, withheld: 0 };
  return { kind: 'ok', body: rewrite(strip(withoutText(parsed))), withheld: 0 };
}
