import { expect } from '@open-wc/testing';
import { ApiError, CLIENT_ERROR_CODES } from '../../../src/api/errors.js';

/** Asserts that `run` rejects with `tw_invalid_response` and a message matching `message`. */
export function expectInvalid(run: () => unknown, message?: RegExp): ApiError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught, 'expected an ApiError').to.be.instanceOf(ApiError);
  const error = caught as ApiError;
  expect(error.code).to.equal(CLIENT_ERROR_CODES.invalidResponse);
  if (message) expect(error.message).to.match(message);
  return error;
}

/** Values of every JSON type (and then some) that are not a usable object. */
export const NOT_OBJECTS: unknown[] = [null, undefined, 0, 42, -1, NaN, '', 'event', true, [], [{ id: 1 }]];

/** Serializes a list of string-keyed records the way PHP's `serialize()` does (ASCII text only). */
export function phpSerialize(value: unknown): string {
  if (value === null) return 'N;';
  if (typeof value === 'number') return Number.isInteger(value) ? `i:${value};` : `d:${value};`;
  if (typeof value === 'string') return `s:${new TextEncoder().encode(value).length}:"${value}";`;
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value as object);
  const body = entries.map(([k, v]) => phpSerialize(k) + phpSerialize(v)).join('');
  return `a:${entries.length}:{${body}}`;
}
