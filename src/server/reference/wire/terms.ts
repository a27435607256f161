import type { TermWire } from '../../../api/wire/shapes.js';
import type { Seed, SeedEvent, Taxonomy, Term } from '../seed/types.js';
import { CURIES, restUrl, type Links, type View } from './context.js';
import { present } from './present.js';

/** The term ids an event carries in one taxonomy. */
export function assignedTerms(event: SeedEvent, taxonomy: Taxonomy): number[] {
  return taxonomy === 'mep_cat' ? event.categories : taxonomy === 'mep_org' ? event.organizers : event.tags;
}

/** Published events that carry the term directly (core's count ignores children). */
export function termCount(seed: Seed, term: Term): number {
  return seed.events.filter((event) => event.status === 'publish' && assignedTerms(event, term.taxonomy).includes(term.id)).length;
}

function termLinks(term: Term, view: View): Links {
  const links: Links = {
    self: [{ href: restUrl(view, `/wp/v2/${term.taxonomy}/${term.id}`) }],
    collection: [{ href: restUrl(view, `/wp/v2/${term.taxonomy}`) }],
    about: [{ href: restUrl(view, `/wp/v2/taxonomies/${term.taxonomy}`) }],
  };
  if (term.parent > 0) links['up'] = [{ embeddable: true, href: restUrl(view, `/wp/v2/${term.taxonomy}/${term.parent}`) }];
  links['wp:post_type'] = [{ href: restUrl(view, `/wp/v2/mep_events?${term.taxonomy}=${term.id}`) }];
  links['curies'] = CURIES;
  return links;
}

export function termLink(term: Term, view: Pick<View, 'origin'>): string {
  return `${view.origin}/${term.taxonomy}/${term.slug}/`;
}

/** `/wp/v2/{taxonomy}` item, key order as core sends it. */
export function termItem(seed: Seed, term: Term, view: View): Record<string, unknown> {
  const data: TermWire = {
    id: term.id,
    count: termCount(seed, term),
    description: term.description,
    link: termLink(term, view),
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    parent: term.parent,
    meta: [],
  };
  return present(data, termLinks(term, view), view);
}

/** A term in embed context (inside `_embedded['wp:term']`). */
export function termEmbed(term: Term, view: View): Record<string, unknown> {
  return {
    id: term.id,
    link: termLink(term, view),
    name: term.name,
    slug: term.slug,
    taxonomy: term.taxonomy,
    _links: termLinks(term, view),
  };
}

export function termsOf(seed: Seed, taxonomy: Taxonomy, ids: readonly number[]): Term[] {
  return seed.terms.filter((term) => term.taxonomy === taxonomy && ids.includes(term.id));
}
