/**
 * Orders taxonomy terms for a flat `<select>`: each level sorted by name (locale-aware), children
 * right after their parent, with their depth for indentation.
 *
 * Real sites have untidy data, so:
 * - a term whose parent is missing (not public, deleted, beyond the read cap) goes top-level;
 * - a term that is its own parent goes top-level;
 * - a parent cycle (A → B → A) cannot hang: it is cut loose at its first member by name and shown
 *   from there, with what hangs below it in its branch, each term exactly once;
 * - duplicate ids keep the first occurrence;
 * - the walk is iterative, so a very deep chain cannot overflow the stack.
 */
import type { Term } from '../../api/models.js';

export interface TermOption {
  term: Term;
  /** 0 for top-level terms. */
  depth: number;
}

/** Indentation stops growing here; deeper terms still follow their parent. */
export const MAX_INDENT_DEPTH = 8;

/** Three non-breaking spaces per level, as WordPress' own `wp_dropdown_categories()` does. */
export function indent(depth: number): string {
  return '\u00a0\u00a0\u00a0'.repeat(Math.max(0, Math.min(depth, MAX_INDENT_DEPTH)));
}

export function orderByHierarchy(terms: readonly Term[], locale: string): TermOption[] {
  const byId = new Map<number, Term>();
  for (const term of terms) if (!byId.has(term.id)) byId.set(term.id, term);

  const collator = new Intl.Collator(safeLocale(locale), { sensitivity: 'base', numeric: true });
  const compare = (a: Term, b: Term) => collator.compare(a.name, b.name) || a.id - b.id;

  const roots: Term[] = [];
  const children = new Map<number, Term[]>();
  for (const term of byId.values()) {
    const parent = term.parent;
    if (!parent || parent === term.id || !byId.has(parent)) {
      roots.push(term);
    } else {
      const siblings = children.get(parent);
      if (siblings) siblings.push(term);
      else children.set(parent, [term]);
    }
  }
  for (const siblings of children.values()) siblings.sort(compare);

  const out: TermOption[] = [];
  const seen = new Set<number>();
  const walk = (start: Term) => {
    // Depth-first, pre-order, without recursion; `seen` guarantees termination.
    const stack: TermOption[] = [{ term: start, depth: 0 }];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (seen.has(next.term.id)) continue;
      seen.add(next.term.id);
      out.push(next);
      const kids = children.get(next.term.id) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push({ term: kids[i]!, depth: next.depth + 1 });
    }
  };

  for (const root of roots.sort(compare)) walk(root);
  if (seen.size < byId.size) {
    // Only cycles and what hangs below them are left: each cycle is walked from its first member by
    // name, so a term below it (whatever its name) stays in its branch.
    const rest = [...byId.values()].filter((term) => !seen.has(term.id)).sort(compare);
    const inCycle = cycleMembers(rest, byId);
    for (const term of rest) if (inCycle.has(term.id) && !seen.has(term.id)) walk(term);
  }
  return out;
}

/** The ids of `terms` that lie on a parent cycle: following parents from one comes back to it. */
function cycleMembers(terms: readonly Term[], byId: ReadonlyMap<number, Term>): Set<number> {
  const members = new Set<number>();
  const done = new Set<number>();
  for (const start of terms) {
    const path = new Map<number, number>(); // id → position on this path
    let at: Term | undefined = start;
    while (at && !done.has(at.id) && !path.has(at.id)) {
      path.set(at.id, path.size);
      at = byId.get(at.parent);
    }
    // Came back to a term of this path: it and the terms after it form the cycle.
    if (at && path.has(at.id)) {
      const from = path.get(at.id)!;
      for (const [id, position] of path) if (position >= from) members.add(id);
    }
    for (const id of path.keys()) done.add(id);
  }
  return members;
}

function safeLocale(locale: string): string | undefined {
  try {
    return Intl.Collator.supportedLocalesOf([locale]).length > 0 ? locale : undefined;
  } catch {
    return undefined;
  }
}
