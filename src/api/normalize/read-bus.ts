/**
 * Readers only Interface B's normalizers and the site-index reader use. Apart from read.ts, which
 * every page loads, so that event pages do not carry them.
 */
import { asRecord } from './read.js';

/**
 * A stop name exactly as the server wrote it (not decoded, not trimmed: the bus plugin matches
 * `bp`/`dp` byte for byte); `''` when it is not a non-blank string.
 */
export function readPlace(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value : '';
}

/** The string items of an array (other items skipped); `[]` for anything that is not an array. */
export function readStringArray(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string');
}

/**
 * An array, or a record whose keys are all array indexes, in index order. PHP's `json_encode` turns
 * an array with gaps (after `array_filter`/`unset`) into such an object.
 */
export function readList(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  const record = asRecord(value);
  if (record === null) return null;
  const keys = Object.keys(record);
  if (!keys.every((key) => /^(?:0|[1-9]\d{0,8})$/.test(key))) return null;
  return keys
    .map(Number)
    .sort((a, b) => a - b)
    .map((key) => record[String(key)]);
}

/** Filter key for free-text bus types: `AC` → `ac`, `Non AC` / `non_ac` → `non-ac`. */
export function typeKey(type: string): string {
  return type
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}
