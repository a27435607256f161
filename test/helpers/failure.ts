import { expect } from '@open-wc/testing';
import { ApiError } from '../../src/api/errors.js';

/** The ApiError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}
