import { expect } from '@open-wc/testing';
import { normalizeSpeaker, normalizeSpeakers } from '../../../src/api/normalize/speaker.js';
import { expectInvalid, NOT_OBJECTS } from './expect-invalid.js';

const SPEAKER = {
  id: 28,
  date: '2026-11-21T17:59:10',
  slug: 'priya-nair',
  link: 'https://example.org/event-speaker/priya-nair/',
  title: { rendered: 'Priya &#8220;PN&#8221; Nair' },
  content: { rendered: '<p>Priya <em>specializes</em> in growth.</p>\n<script>x()</script>' },
  excerpt: { rendered: '<p>Growth Lead &middot; Orbit Commerce</p>\n' },
  featured_media: 29,
  _embedded: { 'wp:featuredmedia': [{ source_url: 'https://example.org/priya.jpg' }] },
};

describe('normalizeSpeaker', () => {
  it('reads name, role, bio and image', () => {
    expect(normalizeSpeaker(SPEAKER)).to.deep.equal({
      id: 28,
      name: 'Priya “PN” Nair',
      slug: 'priya-nair',
      link: 'https://example.org/event-speaker/priya-nair/',
      role: 'Growth Lead · Orbit Commerce',
      bioHtml: '<p>Priya <em>specializes</em> in growth.</p>\n<script>x()</script>',
      bioText: 'Priya specializes in growth.',
      imageId: 29,
      imageUrl: 'https://example.org/priya.jpg',
      published: '2026-11-21T17:59:10',
    });
  });

  it('has no image URL without _embed, or with an unsafe one', () => {
    const { _embedded: _, ...plain } = SPEAKER;
    expect(normalizeSpeaker(plain).imageUrl).to.equal(null);
    expect(normalizeSpeaker({ ...SPEAKER, _embedded: { 'wp:featuredmedia': [{ source_url: 'javascript:alert(1)' }] } }).imageUrl).to.equal(null);
    expect(normalizeSpeaker({ ...SPEAKER, _embedded: { 'wp:featuredmedia': [{ code: 'rest_forbidden' }] } }).imageUrl).to.equal(null);
    expect(normalizeSpeaker({ ...SPEAKER, _embedded: [] }).imageUrl).to.equal(null);
  });

  it('defaults imageId to 0', () => {
    for (const value of [undefined, null, -1, 'x', 2.5]) expect(normalizeSpeaker({ ...SPEAKER, featured_media: value }).imageId).to.equal(0);
  });

  it('requires an id and a title', () => {
    for (const raw of NOT_OBJECTS) expectInvalid(() => normalizeSpeaker(raw), /Expected a speaker object/);
    expectInvalid(() => normalizeSpeaker({ ...SPEAKER, id: -28 }), /Speaker has no usable id/);
    expectInvalid(() => normalizeSpeaker({ ...SPEAKER, title: undefined }), /Speaker 28 has no title/);
  });

  it('reads an excerpt WordPress generated from the bio as no role', () => {
    const long = `<p>${'word '.repeat(60)}end</p>`;
    expect(
      normalizeSpeaker({ ...SPEAKER, content: { rendered: long }, excerpt: { rendered: `<p>${'word '.repeat(55).trim()} [&hellip;]</p>` } }).role,
    ).to.equal('');
    expect(normalizeSpeaker({ ...SPEAKER, content: { rendered: '<p>Short bio.</p>' }, excerpt: { rendered: '<p>Short bio.</p>\n' } }).role).to.equal('');
    // A hand-written role that merely starts the bio is kept.
    expect(normalizeSpeaker({ ...SPEAKER, content: { rendered: '<p>CEO of X. Loves bikes.</p>' }, excerpt: { rendered: '<p>CEO of X.</p>' } }).role).to.equal(
      'CEO of X.',
    );
  });

  it('tolerates missing excerpt and content', () => {
    const speaker = normalizeSpeaker({ id: 1, title: { rendered: 'A' } });
    expect(speaker).to.deep.include({ role: '', bioHtml: '', bioText: '', link: '', slug: '', published: null });
  });
});

describe('normalizeSpeakers', () => {
  it('keeps good speakers around a broken one and rejects an all-broken list', () => {
    expect(normalizeSpeakers([SPEAKER, { id: 2 }, { ...SPEAKER, id: 3 }]).map((s) => s.id)).to.deep.equal([28, 3]);
    expectInvalid(() => normalizeSpeakers([{ id: 2 }]), /None of the 1 speakers could be used \(item 0: Speaker 2 has no title/);
  });
});
