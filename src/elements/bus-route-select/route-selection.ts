/**
 * The pure part of `<bus-route-select>`: option lists in display order and the selection rules.
 *
 * A selection is kept as one string, the same in both dialects: a contract route id (`70`), or a
 * stop pair `from|to` where either side may still be empty (`Paris|`). Stop names stay byte-exact
 * (the plugin matches `bp`/`dp` character for character); only labels are decoded.
 */
import type { BusDialect, Route, RouteList } from '../../api/models.js';
import { decodeEntities } from '../../api/text.js';
import { format, isolate, type Strings } from '../../shared/localize/strings.js';

/** A chosen route, the same shape in both dialects; stop names exactly as the site sent them. */
export interface RouteValue {
  /** The contract dialect's route id (`route_id`); absent in the plugin dialect, which has none. */
  routeId?: number;
  /** Boarding stop, byte-exact (usable as `bp`). */
  from: string;
  /** Dropping stop, byte-exact (usable as `dp`). */
  to: string;
}

/** What the element shows as chosen; '' = nothing on that side. */
export interface Selection {
  routeId: string;
  from: string;
  to: string;
}

export interface Option {
  /** Byte-exact value. */
  value: string;
  /** Decoded text. */
  label: string;
  /** Extra detail for a tooltip ('' for none). */
  title: string;
}

const NONE: Selection = { routeId: '', from: '', to: '' };

export function collator(locale: string): Intl.Collator {
  let supported: string | undefined;
  try {
    supported = Intl.Collator.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
  } catch {
    supported = undefined;
  }
  return new Intl.Collator(supported, { sensitivity: 'base', numeric: true });
}

/**
 * Contract routes as "Start → End", sorted by start then end (decoded, locale-aware). Routes that
 * would read the same get their intermediate stops ("… (via Köln, Brussels)"); every route with
 * stops has them as its tooltip. An option cannot hold a `<bdi>`, so the end and the stops between
 * are `isolate`d: "Cairo → Alexandria" in Arabic still reads from the left on a left-to-right page.
 * The start stays bare, for type-to-select (see the term selects' `optionLabel`).
 */
export function routeOptions(routes: readonly Route[], locale: string, strings: Strings): Option[] {
  const compare = collator(locale).compare;
  const shown = routes.map((route) => {
    const via = route.via.map(decodeEntities);
    return { route, from: decodeEntities(route.from), to: decodeEntities(route.to), via: via.join(', '), stops: via.map(isolate).join(', ') };
  });
  shown.sort((a, b) => compare(a.from, b.from) || compare(a.to, b.to) || compare(a.via, b.via) || (a.route.id ?? 0) - (b.route.id ?? 0));
  const pairs = new Map<string, number>();
  for (const { from, to } of shown) pairs.set(`${from}\u0000${to}`, (pairs.get(`${from}\u0000${to}`) ?? 0) + 1);
  return shown.map(({ route, from, to, stops }) => {
    const plain = format(strings.routeOption, { from, to: isolate(to) });
    const ambiguous = (pairs.get(`${from}\u0000${to}`) ?? 0) > 1 && stops !== '';
    return {
      value: String(route.id),
      label: ambiguous ? format(strings.routeVia, { route: plain, stops }) : plain,
      title: stops ? format(strings.routeViaTitle, { stops }) : '',
    };
  });
}

/** Stop names sorted by their decoded text; the values stay byte-exact. */
export function stopOptions(names: readonly string[], locale: string, except = ''): Option[] {
  const compare = collator(locale).compare;
  return names
    .filter((name) => name !== except)
    .map((name) => ({ value: name, label: decodeEntities(name), title: '' }))
    .sort((a, b) => compare(a.label, b.label) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/** `from|to`; '' when both sides are empty. */
export function joinPair(from: string, to: string): string {
  return from === '' && to === '' ? '' : `${from}|${to}`;
}

/**
 * Splits `from|to`. A stop name may itself contain `|`, so with known stops the split that names a
 * boarding and a dropping stop wins; otherwise the first `|`.
 */
export function splitPair(raw: string, boarding?: ReadonlySet<string>, dropping?: ReadonlySet<string>): { from: string; to: string } | null {
  const first = raw.indexOf('|');
  if (first < 0) return null;
  if (boarding && dropping) {
    for (let at = first; at >= 0; at = raw.indexOf('|', at + 1)) {
      const from = raw.slice(0, at);
      const to = raw.slice(at + 1);
      if ((from === '' || boarding.has(from)) && (to === '' || dropping.has(to))) return { from, to };
    }
  }
  return { from: raw.slice(0, first), to: raw.slice(first + 1) };
}

const stopSets = new WeakMap<RouteList, { boarding: Set<string>; dropping: Set<string> }>();

function setsOf(list: RouteList): { boarding: Set<string>; dropping: Set<string> } {
  let sets = stopSets.get(list);
  if (!sets) {
    sets = { boarding: new Set(list.boardingPoints), dropping: new Set(list.droppingPoints) };
    stopSets.set(list, sets);
  }
  return sets;
}

/**
 * What `raw` selects. Without a route list (still loading, or failed) it is taken as given. With
 * one, in the contract view it names a route by id or by its exact start and end; in the plugin
 * view it names known stops (a route id of a contract site gives that route's ends), and a "to"
 * equal to the "from" is dropped: a stop cannot go to itself.
 */
export function resolveSelection(raw: string, list: RouteList | null, view: BusDialect): Selection {
  if (raw === '') return NONE;
  if (!list) {
    const pair = splitPair(raw);
    return pair ? { routeId: '', ...pair } : { routeId: raw, from: '', to: '' };
  }
  const { boarding, dropping } = setsOf(list);
  const pair = splitPair(raw, boarding, dropping);
  if (view === 'contract') {
    const route = pair
      ? list.routes.find((candidate) => candidate.from === pair.from && candidate.to === pair.to)
      : list.routes.find((candidate) => String(candidate.id) === raw);
    return route ? { routeId: String(route.id), from: route.from, to: route.to } : NONE;
  }
  const ends = pair ?? list.routes.find((candidate) => String(candidate.id) === raw) ?? NONE;
  const from = boarding.has(ends.from) ? ends.from : '';
  const to = dropping.has(ends.to) && ends.to !== from ? ends.to : '';
  return { routeId: '', from, to };
}

/**
 * The selection as the string kept for cancel and restore (partial pairs included). Only contract
 * selections, and raw ids taken as given before the routes load, carry a `routeId`.
 */
export function selectionString(selection: Selection): string {
  return selection.routeId !== '' ? selection.routeId : joinPair(selection.from, selection.to);
}

/** The form value: the route id, or `from|to` once both are chosen; '' otherwise. */
export function valueOf(selection: Selection): string {
  if (selection.routeId !== '') return selection.routeId;
  return selection.from !== '' && selection.to !== '' ? `${selection.from}|${selection.to}` : '';
}

/** The normalized route of a complete selection (with `routeId` in the contract dialect), else null. */
export function routeValueOf(selection: Selection): RouteValue | null {
  if (selection.from === '' || selection.to === '') return null;
  const id = Number(selection.routeId);
  if (selection.routeId !== '' && Number.isSafeInteger(id)) return { routeId: id, from: selection.from, to: selection.to };
  return { from: selection.from, to: selection.to };
}
