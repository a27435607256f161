/**
 * PHP's serialize() for the values post meta holds. String lengths are UTF-8 byte counts
 * ("Café" is s:5), which is what a client's unserializer has to honour.
 */
export type PhpValue = null | boolean | number | string | PhpValue[] | { [key: string]: PhpValue };

const encoder = new TextEncoder();

function serializeString(text: string): string {
  return `s:${encoder.encode(text).length}:"${text}";`;
}

/** PHP turns decimal-integer string keys into integer keys. */
function serializeKey(key: string): string {
  return /^(0|-?[1-9]\d*)$/.test(key) ? `i:${key};` : serializeString(key);
}

export function phpSerialize(value: PhpValue): string {
  if (value === null) return 'N;';
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'number') {
    return Number.isInteger(value) ? `i:${value};` : `d:${value};`;
  }
  if (typeof value === 'string') return serializeString(value);
  const entries: Array<[string, PhpValue]> = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  const body = entries.map(([key, item]) => serializeKey(key) + phpSerialize(item)).join('');
  return `a:${entries.length}:{${body}}`;
}
