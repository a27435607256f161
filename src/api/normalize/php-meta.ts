/**
 * Reads array-valued event meta, which the plugin leaves PHP-serialized. Whatever the text holds, the
 * caller gets a list (possibly empty) and never an exception: one hostile meta value drops that
 * field, not the event.
 */
import { isSerialized, tryPhpUnserialize, type PhpUnserializeLimits } from '../php-unserialize.js';
import { asRecord } from './read.js';

/**
 * Larger than any real ticket list or date list (a few KB), small enough that a hostile value
 * cannot make the parser allocate much.
 */
export const MAX_SERIALIZED_LENGTH = 256 * 1024;

/** At most this many entries are read from one serialized list. */
export const MAX_SERIALIZED_ENTRIES = 500;

/** Ticket and date lists are two levels deep; a few thousand entries in all is already generous. */
const LIMITS: PhpUnserializeLimits = { maxLength: MAX_SERIALIZED_LENGTH, maxDepth: 8, maxEntries: 20_000 };

/**
 * The entries of a serialized PHP array (`a:N:{…}`), in key order (integer keys ascending). An
 * array keyed by strings counts too: its values are still entries. Objects (`O:…`, which the
 * parser refuses), scalars, malformed or oversized text all read as `[]`.
 */
export function unserializeList(text: string): unknown[] {
  if (text === '') return [];
  let value: unknown;
  try {
    if (!isSerialized(text)) return [];
    value = tryPhpUnserialize(text, LIMITS);
  } catch {
    // tryPhpUnserialize rethrows anything that is not a parse error; no meta value may escape as one.
    return [];
  }
  const record = asRecord(value);
  const list = Array.isArray(value) ? value : record !== null ? Object.values(record) : [];
  return list.slice(0, MAX_SERIALIZED_ENTRIES);
}
