import type { Post, Seed, SeedEvent, Taxonomy, Term } from '../seed/types.js';
import { mediaItem } from '../wire/media.js';
import { attendeeItem, eventItem, speakerItem } from '../wire/post-types.js';
import { assignedTerms, termCount, termItem } from '../wire/terms.js';
import type { TermsFilter } from '../wp/args.js';
import { invalidPostId, invalidTerm } from '../wp/errors.js';
import { pageResult, POST_COLLECTION_ARGS, sortPosts, sortTerms, TERM_COLLECTION_ARGS } from './collection.js';
import type { RestContext, RouteDef } from './types.js';

/** Interface A: the event plugin's post types and taxonomies under core's /wp/v2 controllers. */

const ID = '(?P<id>[\\d]+)';
const TAXONOMIES: readonly Taxonomy[] = ['mep_cat', 'mep_org', 'mep_tag'];

function published<T extends Post>(posts: readonly T[]): T[] {
  return posts.filter((post) => post.status === 'publish');
}

/** Tags dropped and the few entities WordPress writes decoded: what core's LIKE compares against, near enough. */
function searchable(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#0*38;|&amp;/g, '&')
    .toLowerCase();
}

/**
 * core's `search`: the text is split into words (quoted phrases kept whole); every word must occur
 * in the title, the excerpt or the content (case-insensitive); a leading `-` excludes a word.
 */
function matchesSearch(post: Post, search: unknown): boolean {
  if (typeof search !== 'string' || search.trim() === '') return true;
  const haystack = searchable(`${post.title}\n${post.excerpt}\n${post.content}`);
  const words = [...search.toLowerCase().matchAll(/"([^"]+)"|(\S+)/g)].map((match) => (match[1] ?? match[2] ?? '').trim()).filter(Boolean);
  return words.every((word) => (word.startsWith('-') && word.length > 1 ? !haystack.includes(word.slice(1)) : haystack.includes(word)));
}

/** The term ids a filter asks for, with descendants when `include_children` is set. */
function expandTerms(seed: Seed, filter: TermsFilter): number[] {
  const ids = new Set(filter.terms);
  if (filter.includeChildren) {
    for (let grew = true; grew;) {
      grew = false;
      for (const term of seed.terms) {
        if (ids.has(term.parent) && !ids.has(term.id)) {
          ids.add(term.id);
          grew = true;
        }
      }
    }
  }
  return [...ids];
}

/** core's tax_query: taxonomies AND-ed; within one, any term (IN) or, with operator=AND, all of them. */
function matchesTaxonomies(seed: Seed, event: SeedEvent, context: RestContext): boolean {
  return TAXONOMIES.every((taxonomy) => {
    const filter = context.args[taxonomy] as TermsFilter | undefined;
    if (!filter || filter.terms.length === 0) return true;
    const assigned = assignedTerms(event, taxonomy);
    if (filter.operator === 'AND') return filter.terms.every((id) => assigned.includes(id));
    const wanted = expandTerms(seed, filter);
    return assigned.some((id) => wanted.includes(id));
  });
}

function postRoutes<T extends Post>(
  type: string,
  list: (seed: Seed) => readonly T[],
  present: (context: RestContext, post: T) => unknown,
  extra: Partial<RouteDef> = {},
  filter: (context: RestContext, post: T) => boolean = () => true,
): RouteDef[] {
  const collection = `/wp/v2/${type}`;
  const args = { ...POST_COLLECTION_ARGS, ...extra.args };
  return [
    {
      ...extra,
      pattern: collection,
      namespace: 'wp/v2',
      args,
      handler: (context) => {
        const posts = published(list(context.seed)).filter((post) => filter(context, post) && matchesSearch(post, context.args['search']));
        return pageResult(context, sortPosts(posts, context), 'posts', collection, (post) => present(context, post));
      },
    },
    {
      ...extra,
      pattern: `${collection}/${ID}`,
      namespace: 'wp/v2',
      args: {},
      handler: (context) => {
        const post = published(list(context.seed)).find((candidate) => candidate.id === Number(context.params['id']));
        if (!post) throw invalidPostId();
        return { body: present(context, post) };
      },
    },
  ];
}

function withCounts(seed: Seed, taxonomy: Taxonomy): Array<Term & { count: number }> {
  return seed.terms.filter((term) => term.taxonomy === taxonomy).map((term) => ({ ...term, count: termCount(seed, term) }));
}

function termRoutes(taxonomy: Taxonomy): RouteDef[] {
  const collection = `/wp/v2/${taxonomy}`;
  return [
    {
      pattern: collection,
      namespace: 'wp/v2',
      args: TERM_COLLECTION_ARGS,
      handler: (context) => {
        const { hide_empty: hideEmpty, parent, post } = context.args;
        const terms = withCounts(context.seed, taxonomy).filter((term) => {
          if (hideEmpty === true && term.count === 0) return false;
          if (typeof parent === 'number' && term.parent !== parent) return false;
          if (typeof post === 'number') {
            const event = context.seed.events.find((candidate) => candidate.id === post);
            return event ? assignedTerms(event, taxonomy).includes(term.id) : false;
          }
          return true;
        });
        return pageResult(context, sortTerms(terms, context), 'terms', collection, (term) => termItem(context.seed, term, context.view));
      },
    },
    {
      pattern: `${collection}/${ID}`,
      namespace: 'wp/v2',
      args: {},
      handler: (context) => {
        const term = context.seed.terms.find((t) => t.taxonomy === taxonomy && t.id === Number(context.params['id']));
        if (!term) throw invalidTerm();
        return { body: termItem(context.seed, term, context.view) };
      },
    },
  ];
}

const TERM_FILTER_ARGS = Object.fromEntries(
  TAXONOMIES.map((taxonomy) => [
    taxonomy,
    { type: 'terms', description: `Limit result set to items with specific terms assigned in the ${taxonomy} taxonomy.` },
  ]),
) as RouteDef['args'];

export function interfaceARoutes(): RouteDef[] {
  return [
    ...postRoutes(
      'mep_events',
      (seed) => seed.events,
      (context, event) => eventItem(context.seed, event, context.view),
      { args: TERM_FILTER_ARGS },
      (context, event) => matchesTaxonomies(context.seed, event, context),
    ),
    ...postRoutes(
      'mep_event_speaker',
      (seed) => seed.speakers,
      (context, speaker) => speakerItem(context.seed, speaker, context.view),
    ),
    // Not registered by the free plugin; the contract promises it. Personal data: authenticated only.
    ...postRoutes(
      'mep_event_attendee',
      (seed) => seed.attendees,
      (context, attendee) => attendeeItem(attendee, context.view),
      { auth: true, personal: true },
    ),
    ...TAXONOMIES.flatMap(termRoutes),
    {
      pattern: `/wp/v2/media/${ID}`,
      namespace: 'wp/v2',
      handler: (context) => {
        const media = context.seed.media.get(Number(context.params['id']));
        if (!media) throw invalidPostId();
        return { body: mediaItem(media, context.view) };
      },
    },
  ];
}
