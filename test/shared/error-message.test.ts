/**
 * The message a widget shows for a failure: a part of its own code that did not arrive reads as a
 * download problem with its remedy, not as the site's fault or as "something went wrong".
 */
import { expect } from '@open-wc/testing';
import { ApiError, CLIENT_ERROR_CODES } from '../../src/api/errors.js';
import { errorView } from '../../src/shared/error-message.js';
import { EN } from '../../src/shared/localize/en/index.js';
import { DE } from '../../src/shared/localize/de.js';
import { isPartNotLoaded, PART_NOT_LOADED, partLoadError } from '../../src/shared/part-load.js';

const chunkFailure = new TypeError('Failed to fetch dynamically imported module: https://cdn.example/chunks/month-view-1a2b.js');

describe('errorView', () => {
  it('says that part of the widget could not be downloaded, with Retry, in each language', () => {
    const error = partLoadError(chunkFailure) as ApiError;
    expect(error).to.be.instanceOf(ApiError);
    expect(error.code).to.equal(PART_NOT_LOADED);
    expect(isPartNotLoaded(error)).to.equal(true);
    expect(error.status).to.equal(0);
    expect(error.message).to.contain('Failed to fetch dynamically imported module').and.contain('month-view-1a2b.js');
    expect(errorView(error, EN)).to.deep.equal({
      message: 'Part of this widget could not be downloaded. Check the connection and try again, or reload the page.',
      retryable: true,
    });
    expect(errorView(error, DE).message).to.equal(DE.errorPartNotLoaded);
    expect(DE.errorPartNotLoaded).to.not.equal(EN.errorPartNotLoaded);
  });

  it('leaves an error thrown by a part that did arrive as it is: no download problem', () => {
    const thrown = new RangeError('Invalid time value');
    expect(partLoadError(thrown)).to.equal(thrown);
    expect(isPartNotLoaded(thrown)).to.equal(false);
    expect(errorView(thrown, EN).message).to.equal('Something went wrong (unknown).');
  });

  it("calls an attribute no request could carry the page's settings, not the site's refusal, in each language", () => {
    const setting = new ApiError({ status: 0, code: CLIENT_ERROR_CODES.invalidArgument, message: 'id must be a positive whole number, got NaN' });
    expect(errorView(setting, EN)).to.deep.equal({
      message: 'This widget’s settings are not valid: id must be a positive whole number, got NaN',
      retryable: false,
    });
    expect(errorView(setting, DE).message).to.match(/^Die Einstellungen dieses Widgets sind ungültig: id must/);
    const refused = new ApiError({ status: 400, code: 'rest_invalid_param', message: 'Invalid parameter(s): per_page', params: { per_page: 'too big' } });
    expect(errorView(refused, EN).message).to.equal('The site rejected the request: too big');
  });

  it('keeps the site being unreachable apart from a part not arriving', () => {
    const network = new ApiError({ status: 0, code: CLIENT_ERROR_CODES.network, message: 'Failed to fetch' });
    expect(errorView(network, EN).message).to.equal(EN.errorNetwork);
    expect(EN.errorNetwork).to.not.equal(EN.errorPartNotLoaded);
  });

  it('never says "in 0 s" for a rate limit whose Retry-After was 0 or a date already past', () => {
    const limited = (retryAfter: number | undefined) => new ApiError({ status: 429, code: 'wbtm_rate_limited', message: 'slow down', retryAfter });
    expect(errorView(limited(0), EN).message).to.equal('The site asked us to slow down. Try again in 1 s.');
    expect(errorView(limited(42), EN).message).to.equal('The site asked us to slow down. Try again in 42 s.');
    expect(errorView(limited(undefined), EN).message).to.equal('The site asked us to slow down. Try again in 60 s.');
  });

  it('offers the first page, not Retry, for a page past the end', () => {
    const past = new ApiError({
      status: 400,
      code: 'rest_post_invalid_page_number',
      message: 'The page number requested is larger than the number of pages available.',
    });
    expect(errorView(past, EN)).to.deep.equal({ message: 'This page does not exist (any more).', retryable: false, firstPage: true });
  });

  it('calls anything that is not an ApiError "something went wrong"', () => {
    expect(errorView(chunkFailure, EN)).to.deep.equal({ message: 'Something went wrong (unknown).', retryable: true });
  });
});
