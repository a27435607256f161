// A small, strict RFC 5545 reader for tests: it checks the physical form (CRLF only, folded lines of at
// most 75 octets), unfolds, splits `name;params:value`, nests BEGIN/END and unescapes TEXT, so a test
// can read an `.ics` file back the way a calendar would. Plus an EventItem factory.
import type { EventItem } from '../../src/api/models.js';

export interface IcsProperty {
  name: string;
  params: Record<string, string>;
  /** As written (escaped). */
  value: string;
}

export interface IcsComponent {
  name: string;
  properties: IcsProperty[];
  components: IcsComponent[];
}

const encoder = new TextEncoder();

/** The physical lines (without their CRLF); throws on a bare CR or LF, a missing final CRLF, or a line over 75 octets. */
export function physicalLines(text: string): string[] {
  if (!text.endsWith('\r\n')) throw new Error('the file does not end with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  for (const [n, line] of lines.entries()) {
    if (/[\r\n]/.test(line)) throw new Error(`line ${n + 1} holds a bare CR or LF: ${JSON.stringify(line)}`);
    const octets = encoder.encode(line).length;
    if (octets > 75) throw new Error(`line ${n + 1} has ${octets} octets: ${JSON.stringify(line)}`);
  }
  return lines;
}

/** Content lines: each continuation line (leading space or tab) joined to the one before, minus that one character. */
export function unfold(text: string): string[] {
  const logical: string[] = [];
  for (const line of physicalLines(text)) {
    if (line.startsWith(' ') || line.startsWith('\t')) {
      if (logical.length === 0) throw new Error('the file starts with a continuation line');
      logical[logical.length - 1] += line.slice(1);
    } else logical.push(line);
  }
  return logical;
}

/** `NAME;P=V;Q="a:b":value` → its parts; the value starts after the first colon outside quotes. */
export function parseContentLine(line: string): IcsProperty {
  const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/s.exec(line);
  if (!match) throw new Error(`not a content line: ${JSON.stringify(line)}`);
  const params: Record<string, string> = {};
  for (const [, key, value] of match[2]!.matchAll(/;([A-Za-z0-9-]+)=((?:"[^"]*"|[^";:])*)/g)) params[key!.toUpperCase()] = value!;
  return { name: match[1]!.toUpperCase(), params, value: match[3]! };
}

/** A TEXT value unescaped (§3.3.11); throws on an escape RFC 5545 does not define. */
export function unescapeText(value: string): string {
  return value.replace(/\\(.?)/g, (_, char: string) => {
    if (char === 'n' || char === 'N') return '\n';
    if (char === '\\' || char === ';' || char === ',') return char;
    throw new Error(`bad escape \\${char} in ${JSON.stringify(value)}`);
  });
}

/** A TEXT list (CATEGORIES) split at its unescaped commas, each item unescaped. */
export function textList(value: string): string[] {
  return (value.match(/(?:\\.|[^\\,])+/g) ?? []).map(unescapeText);
}

/** The whole file as nested components; throws on unbalanced BEGIN/END or text outside VCALENDAR. */
export function parseIcs(text: string): IcsComponent {
  const stack: IcsComponent[] = [];
  let root: IcsComponent | null = null;
  for (const line of unfold(text)) {
    const property = parseContentLine(line);
    if (property.name === 'BEGIN') {
      const component: IcsComponent = { name: property.value, properties: [], components: [] };
      if (stack.length > 0) stack[stack.length - 1]!.components.push(component);
      else if (root) throw new Error('a second top-level component');
      else root = component;
      stack.push(component);
    } else if (property.name === 'END') {
      const open = stack.pop();
      if (!open || open.name !== property.value) throw new Error(`END:${property.value} closes ${open?.name ?? 'nothing'}`);
    } else {
      if (stack.length === 0) throw new Error(`property outside a component: ${line}`);
      stack[stack.length - 1]!.properties.push(property);
    }
  }
  if (!root || stack.length > 0) throw new Error('unbalanced components');
  return root;
}

/** Every property of `component` called `name`. */
export const props = (component: IcsComponent, name: string) => component.properties.filter((p) => p.name === name);

/** The one property `name`; throws when there is none or several. */
export function prop(component: IcsComponent, name: string): IcsProperty {
  const found = props(component, name);
  if (found.length !== 1) throw new Error(`${found.length} ${name} properties in ${component.name}`);
  return found[0]!;
}

/** The unescaped TEXT of the one property `name`. */
export const text = (component: IcsComponent, name: string) => unescapeText(prop(component, name).value);

export const vevents = (calendar: IcsComponent) => calendar.components.filter((c) => c.name === 'VEVENT');

/** An event with plain defaults; override what a test is about. */
export function calendarEvent(overrides: Partial<EventItem> = {}): EventItem {
  return {
    id: 7,
    title: 'Summer concert',
    slug: 'summer-concert',
    link: 'https://tickets.example.org/events/summer-concert/',
    published: '2026-01-01T10:00:00',
    start: '2026-03-28T19:00:00',
    end: '2026-03-28T21:00:00',
    moreDates: [],
    recurrence: 'no',
    mode: 'offline',
    venue: { name: 'Town hall', street: 'Main St 1', city: 'Berlin', state: '', postcode: '10115', country: 'Germany' },
    tickets: [],
    priceRange: null,
    registration: 'on',
    seatsLeft: null,
    categoryIds: [],
    organizerIds: [],
    tagIds: [],
    speakerIds: [],
    imageUrl: null,
    excerptHtml: '<p>An evening of music.</p>',
    excerptText: 'An evening of music.',
    contentHtml: '',
    ...overrides,
  };
}
