/**
 * A bounded reader for PHP `serialize()` output, the form WordPress keeps array-valued post meta in
 * (`mep_event_ticket_type`, `mep_event_more_date`, …: the event plugin exposes its meta as the
 * serialized strings WordPress stores, not as JSON).
 *
 * The text comes from someone else's server, so the reader treats it as hostile: it never evaluates
 * anything, accepts no objects or references (the classic PHP object-injection surface, and nothing
 * meta we read needs them), caps input size, nesting and entry counts before allocating, and walks
 * nested arrays with an explicit stack so a deep input cannot exhaust the call stack.
 */

/** A value PHP's `serialize()` can produce without objects or references. */
export type PhpValue = string | number | boolean | null | PhpValue[] | PhpRecord;

/**
 * A PHP array whose keys are not exactly 0..n-1; a null-prototype object, so any key is plain data.
 * JS enumerates integer-like keys first, so PHP's key order is not kept for mixed keys.
 */
export type PhpRecord = { [key: string]: PhpValue };

/** Ceilings the reader enforces; each has a default that comfortably fits real post meta. */
export interface PhpUnserializeLimits {
  /** Deepest array nesting accepted (the outermost array is depth 1). Default 32. */
  maxDepth?: number;
  /** Longest input accepted, in UTF-16 code units. Default 1 000 000. */
  maxLength?: number;
  /** Most array entries accepted across the whole value, counted as declared. Default 100 000. */
  maxEntries?: number;
}

/** Malformed or over-limit input. `offset` is the index in the input string where reading stopped. */
export class PhpUnserializeError extends Error {
  override readonly name = 'PhpUnserializeError';
  readonly offset: number;

  constructor(message: string, offset: number) {
    super(`${message} (at offset ${offset})`);
    this.offset = offset;
  }
}

const DEFAULTS: Required<PhpUnserializeLimits> = { maxDepth: 32, maxLength: 1_000_000, maxEntries: 100_000 };

/** The shortest possible array entry is `i:0;N;`; used to reject counts the input cannot hold. */
const MIN_ENTRY_CHARS = 6;

// PHP's own grammar (ext/standard/var_unserializer.re). Sticky, and free of nested quantifiers, so
// each match is linear in what it consumes.
const INT = /[+-]?\d+/y;
const FLOAT = /NAN|-?INF|[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const COUNT = /\d+/y;

/** What PHP's `trim()` removes; WordPress's `maybe_unserialize()` trims before unserializing. */
const PHP_SPACE = /[ \t\n\r\0\x0B]/;

/** What PHP turns into an integer key on insertion ("7" yes; "07", "-0", "7 " no). */
const CANONICAL_INT_KEY = /^(?:0|-?[1-9]\d*)$/;

interface Frame {
  count: number;
  keys: Array<string | number>;
  values: PhpValue[];
  /** Where the `a:` began, for error messages. */
  start: number;
}

class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  fail(message: string, at = this.pos): never {
    throw new PhpUnserializeError(message, at);
  }

  expect(char: string): void {
    if (this.text[this.pos] !== char) {
      this.fail(this.pos >= this.text.length ? `Unexpected end of input, expected '${char}'` : `Expected '${char}'`);
    }
    this.pos++;
  }

  match(pattern: RegExp, what: string): string {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.text);
    if (!found) this.fail(`Expected ${what}`);
    this.pos += found[0].length;
    return found[0];
  }

  /** A declared length or count: digits only (PHP rejects signs here), within safe integers. */
  count(what: string): number {
    const at = this.pos;
    const digits = this.match(COUNT, `a non-negative ${what}`);
    const value = Number(digits);
    if (!Number.isSafeInteger(value)) this.fail(`The ${what} ${digits.slice(0, 20)}… is too large`, at);
    return value;
  }

  /** `i:<int>;` after the type letter and colon. */
  integer(): number {
    const at = this.pos;
    const value = Number(this.match(INT, 'an integer'));
    // PHP integers are 64-bit; beyond 2^53 a JS number would silently round, so refuse instead.
    if (!Number.isSafeInteger(value)) this.fail('Integer outside the exactly representable range', at);
    this.expect(';');
    return value;
  }

  /**
   * `s:<bytes>:"…";` after the type letter and colon. PHP counts UTF-8 bytes, JS strings count
   * UTF-16 units, so we walk the text adding each character's UTF-8 width until the byte count is met.
   */
  string(): string {
    const declared = this.count('string length');
    this.expect(':');
    this.expect('"');
    const { text } = this;
    const start = this.pos;
    let i = start;
    let bytes = 0;
    while (bytes < declared) {
      if (i >= text.length) this.fail(`String shorter than its declared ${declared} bytes`, start);
      const unit = text.charCodeAt(i);
      if (unit < 0x80) bytes += 1;
      else if (unit < 0x800) bytes += 2;
      else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        bytes += 4;
        i++;
      } else bytes += 3; // BMP character, or a lone surrogate (encoded as U+FFFD, 3 bytes)
      i++;
    }
    if (bytes !== declared) this.fail(`Declared length ${declared} ends inside a multi-byte character`, i);
    this.pos = i;
    this.expect('"');
    this.expect(';');
    return text.slice(start, i);
  }

  /** An array key: only `i:` and `s:` are legal, and numeric strings become integers as in PHP. */
  key(): string | number {
    const at = this.pos;
    const type = this.text[this.pos];
    if (this.text[this.pos + 1] !== ':' || (type !== 'i' && type !== 's')) this.fail('Array key must be i: or s:', at);
    this.pos += 2;
    if (type === 'i') return this.integer();
    const key = this.string();
    return CANONICAL_INT_KEY.test(key) && Number.isSafeInteger(Number(key)) ? Number(key) : key;
  }
}

const UNSUPPORTED: Readonly<Record<string, string>> = {
  O: 'Objects are not accepted',
  C: 'Objects are not accepted',
  E: 'Enums are not accepted',
  r: 'References are not accepted',
  R: 'References are not accepted',
  S: 'Escaped binary strings are not supported',
};

function build(frame: Frame): PhpValue {
  const { keys, values } = frame;
  if (keys.every((key, index) => key === index)) return values;
  const record: PhpRecord = Object.create(null) as PhpRecord;
  // A null prototype has no `__proto__` setter, so every key, whatever its name, lands as own data.
  keys.forEach((key, index) => {
    record[String(key)] = values[index] as PhpValue;
  });
  return record;
}

function resolveLimits(limits: PhpUnserializeLimits | undefined): Required<PhpUnserializeLimits> {
  const pick = (value: number | undefined, fallback: number): number => (typeof value === 'number' && value >= 0 ? value : fallback);
  return {
    maxDepth: pick(limits?.maxDepth, DEFAULTS.maxDepth),
    maxLength: pick(limits?.maxLength, DEFAULTS.maxLength),
    maxEntries: pick(limits?.maxEntries, DEFAULTS.maxEntries),
  };
}

/**
 * Reads one PHP-serialized value. Arrays keyed exactly 0..n-1 in order become JS arrays; any other
 * array becomes a null-prototype {@link PhpRecord}. Integers become numbers (beyond 2^53 is an error),
 * `d:` becomes a number including `Infinity` and `NaN`. Surrounding whitespace is ignored, as
 * WordPress's `maybe_unserialize()` trims first; any other text after the value is an error.
 *
 * @throws {PhpUnserializeError} on malformed input, objects, references, trailing text, or a limit.
 */
export function phpUnserialize(text: string, limits?: PhpUnserializeLimits): PhpValue {
  if (typeof text !== 'string') throw new PhpUnserializeError('Input is not a string', 0);
  const { maxDepth, maxLength, maxEntries } = resolveLimits(limits);
  if (text.length > maxLength) {
    throw new PhpUnserializeError(`Input of ${text.length} characters exceeds the limit of ${maxLength}`, maxLength);
  }
  const reader: Reader = new Reader(text); // annotated so `reader.fail()` narrows as `never`
  while (PHP_SPACE.test(text[reader.pos] ?? '')) reader.pos++;
  const stack: Frame[] = [];
  let entries = 0;

  for (;;) {
    // Read one value; an array header pushes a frame and goes on to read that array's first key.
    const at = reader.pos;
    const type = text[at];
    let value: PhpValue;
    if (type === undefined) reader.fail('Unexpected end of input, expected a value');
    if (type === 'N') {
      reader.pos++;
      reader.expect(';');
      value = null;
    } else {
      if (text[at + 1] !== ':') reader.fail(`Unknown value type "${type}"`, at);
      reader.pos += 2;
      if (type === 's') value = reader.string();
      else if (type === 'i') value = reader.integer();
      else if (type === 'b') {
        const bit = text[reader.pos];
        if (bit !== '0' && bit !== '1') reader.fail('Boolean must be 0 or 1');
        reader.pos++;
        reader.expect(';');
        value = bit === '1';
      } else if (type === 'd') {
        const raw = reader.match(FLOAT, 'a float');
        reader.expect(';');
        value = raw === 'NAN' ? NaN : raw === 'INF' ? Infinity : raw === '-INF' ? -Infinity : Number(raw);
      } else if (type === 'a') {
        // Check every ceiling before allocating or descending.
        if (stack.length + 1 > maxDepth) reader.fail(`Arrays nested deeper than ${maxDepth}`, at);
        const count = reader.count('element count');
        entries += count;
        if (entries > maxEntries) reader.fail(`More than ${maxEntries} array entries`, at);
        if (count * MIN_ENTRY_CHARS > text.length - reader.pos) reader.fail(`Array declares ${count} elements but the input is too short`, at);
        reader.expect(':');
        reader.expect('{');
        if (count > 0) {
          stack.push({ count, keys: [reader.key()], values: [], start: at });
          continue;
        }
        reader.expect('}');
        value = [];
      } else {
        reader.fail(UNSUPPORTED[type] ?? `Unknown value type "${type}"`, at);
      }
    }

    // Hand the value to its array, closing every array that is now complete.
    for (;;) {
      const frame = stack[stack.length - 1];
      if (!frame) {
        for (let i = reader.pos; i < text.length; i++) {
          if (!PHP_SPACE.test(text[i] as string)) reader.fail('Unexpected text after the value', i);
        }
        return value;
      }
      frame.values.push(value);
      if (frame.values.length < frame.count) {
        if (text[reader.pos] === '}') reader.fail(`Array declared ${frame.count} elements but has ${frame.values.length}`, frame.start);
        frame.keys.push(reader.key());
        break;
      }
      if (text[reader.pos] !== '}' && reader.pos < text.length) {
        reader.fail(`Array declared ${frame.count} elements but has more`, frame.start);
      }
      reader.expect('}');
      stack.pop();
      value = build(frame);
    }
  }
}

/** {@link phpUnserialize} for callers that only need "usable or not": undefined instead of a throw. */
export function tryPhpUnserialize(text: string, limits?: PhpUnserializeLimits): PhpValue | undefined {
  try {
    return phpUnserialize(text, limits);
  } catch (error) {
    if (error instanceof PhpUnserializeError) return undefined;
    throw error;
  }
}

/**
 * Whether a meta string looks PHP-serialized, after WordPress's `is_serialized()` (strict mode): a
 * cheap shape check, not a parse. Like WordPress it also says yes to objects and enums, so a caller
 * knows such a value is not plain text even though {@link phpUnserialize} refuses it.
 */
export function isSerialized(text: string): boolean {
  if (typeof text !== 'string') return false;
  const data = text.trim();
  if (data === 'N;') return true;
  if (data.length < 4 || data[1] !== ':') return false;
  const last = data[data.length - 1];
  if (last !== ';' && last !== '}') return false;
  switch (data[0]) {
    case 's':
      return data[data.length - 2] === '"' && /^s:\d+:"/.test(data);
    case 'a':
    case 'O':
    case 'E':
      return /^[aOE]:\d+:/.test(data);
    case 'b':
    case 'i':
    case 'd':
      return /^[bid]:[0-9.E+-]+;$/.test(data) || /^d:-?(?:INF|NAN);$/.test(data);
    default:
      return false;
  }
}
