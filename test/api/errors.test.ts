import { expect } from '@open-wc/testing';
import { ApiError, isAbort, isApiError, CLIENT_ERROR_CODES } from '../../src/api/errors.js';

describe('ApiError', () => {
  it('carries status, code, message and params and survives structuredClone as JSON', () => {
    const error = new ApiError({ status: 400, code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page', params: { per_page: 'too big' } });
    expect(error).to.be.instanceOf(Error);
    expect(isApiError(error)).to.equal(true);
    expect(structuredClone(error.toJSON())).to.deep.equal({
      status: 400,
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): per_page',
      params: { per_page: 'too big' },
    });
  });

  it('keeps what it was made from as the standard cause, and only when given', () => {
    const reason = new TypeError('Failed to fetch');
    expect(new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'x', cause: reason }).cause).to.equal(reason);
    expect('cause' in new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'x' })).to.equal(false);
  });

  it('recognises aborts from both the data layer and the platform', () => {
    expect(isAbort(new ApiError({ status: 0, code: CLIENT_ERROR_CODES.aborted, message: 'aborted' }))).to.equal(true);
    expect(isAbort(new DOMException('x', 'AbortError'))).to.equal(true);
    expect(isAbort(new ApiError({ status: 0, code: CLIENT_ERROR_CODES.timeout, message: 't' }))).to.equal(false);
    expect(isAbort(null)).to.equal(false);
  });
});
