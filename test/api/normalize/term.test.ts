import { expect } from '@open-wc/testing';
import { normalizeTerm, normalizeTerms } from '../../../src/api/normalize/term.js';
import { expectInvalid, NOT_OBJECTS } from './expect-invalid.js';

const TERM = {
  id: 12,
  count: 3,
  description: '<p>Talks &amp; <b>panels</b></p>',
  link: 'https://example.org/mep_cat/business-event/',
  name: 'Business &amp; Finance <em>Events</em>',
  slug: 'business-event',
  taxonomy: 'mep_cat',
  parent: 4,
  meta: [],
};

describe('normalizeTerm', () => {
  it('reads a term with decoded, tag-free name and description', () => {
    expect(normalizeTerm(TERM)).to.deep.equal({
      id: 12,
      name: 'Business & Finance Events',
      slug: 'business-event',
      parent: 4,
      count: 3,
      description: 'Talks & panels',
      link: 'https://example.org/mep_cat/business-event/',
      taxonomy: 'mep_cat',
    });
  });

  it('defaults parent and count to 0 and refuses unusable values', () => {
    for (const bad of [undefined, null, -1, 1.5, 'x', {}]) {
      const term = normalizeTerm({ ...TERM, parent: bad, count: bad });
      expect([term.parent, term.count], String(bad)).to.deep.equal([0, 0]);
    }
    expect(normalizeTerm({ ...TERM, parent: '7', count: '9' })).to.deep.include({ parent: 7, count: 9 });
  });

  it('requires a positive integer id', () => {
    for (const id of [undefined, 0, -12, 12.5, NaN, '12a', 2 ** 60, null]) expectInvalid(() => normalizeTerm({ ...TERM, id }), /Term has no usable id/);
  });

  it('rejects non-objects', () => {
    for (const raw of NOT_OBJECTS) expectInvalid(() => normalizeTerm(raw), /Expected a term object/);
  });

  it('tolerates wrong types in the other fields', () => {
    expect(normalizeTerm({ id: 3, name: ['x'], slug: 5, link: 'javascript:alert(1)', taxonomy: null, description: {} })).to.deep.equal({
      id: 3,
      name: '',
      slug: '5',
      parent: 0,
      count: 0,
      description: '',
      link: '',
      taxonomy: '',
    });
  });

  it('turns an <img onerror> name into plain text', () => {
    expect(normalizeTerm({ ...TERM, name: '<img src=x onerror=alert(1)>Music' }).name).to.equal('Music');
  });
});

describe('normalizeTerms', () => {
  it('keeps good terms around a broken one', () => {
    expect(normalizeTerms([TERM, { id: 'nope' }, { ...TERM, id: 13 }]).map((t) => t.id)).to.deep.equal([12, 13]);
  });

  it('rejects an all-broken list and a non-list', () => {
    expectInvalid(() => normalizeTerms([{}, []]), /None of the 2 terms could be used \(item 0: Term has no usable id/);
    expectInvalid(() => normalizeTerms({ 0: TERM }), /Expected a list of terms/);
  });
});
