/**
 * The query string as PHP (and so WordPress) sees it: a repeated plain key keeps its first position
 * but takes the last value, `key[]` / `key[sub]` keys build arrays, and links are written back with
 * PHP's `urlencode()` so our `Link` headers match real ones byte for byte.
 */
export class Query {
  /** Raw pairs in request order, already percent-decoded, `rest_route` removed. */
  readonly pairs: ReadonlyArray<readonly [string, string]>;

  constructor(search: string, drop: readonly string[] = []) {
    const pairs: Array<[string, string]> = [];
    for (const [key, value] of new URLSearchParams(search)) {
      if (!drop.includes(key)) pairs.push([key, value]);
    }
    this.pairs = pairs;
  }

  /** The value of a plain scalar key (last one wins, like PHP), or undefined when absent. */
  get(name: string): string | undefined {
    let found: string | undefined;
    for (const [key, value] of this.pairs) if (key === name) found = value;
    return found;
  }

  has(name: string): boolean {
    return this.pairs.some(([key]) => key === name || key.startsWith(`${name}[`));
  }

  /** Whether `name` was sent in array form (`name[]=` or `name[sub]=`), which a scalar arg rejects. */
  isArray(name: string): boolean {
    return this.pairs.some(([key]) => key.startsWith(`${name}[`));
  }

  /** Values of `name[sub]` / `name[sub][]` for one sub key, in order (`sub` '' means `name[]`). */
  sub(name: string, sub: string): string[] {
    const plain = `${name}[${sub}]`;
    return this.pairs.filter(([key]) => key === plain || key === `${plain}[]`).map(([, v]) => v);
  }

  /**
   * The query string of a paging link: every sent param in its first position with its last value,
   * `page` replaced in place or appended, as `add_query_arg()` does.
   */
  linkSearch(page: number): string {
    const merged = new Map<string, string[]>();
    for (const [key, value] of this.pairs) {
      const list = merged.get(key);
      if (key.endsWith('[]')) merged.set(key, [...(list ?? []), value]);
      else merged.set(key, [value]);
    }
    merged.set('page', [String(page)]);
    const parts: string[] = [];
    for (const [key, values] of merged) {
      values.forEach((value, index) => {
        // http_build_query numbers list items: key[] becomes key[0], key[1] ...
        const name = key.endsWith('[]') ? `${key.slice(0, -2)}[${index}]` : key;
        parts.push(`${phpUrlencode(name)}=${phpUrlencode(value)}`);
      });
    }
    return `?${parts.join('&')}`;
  }
}

/** PHP's urlencode(): like encodeURIComponent but also encodes !'()*~ and writes spaces as '+'. */
export function phpUrlencode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*~]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}
