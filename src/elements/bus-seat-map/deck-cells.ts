/**
 * A deck grid's rows and cells, built once by hand and then kept, seat by seat: a Lit directive on
 * the `role="grid"` element.
 *
 * Why not one template per cell: a map of 500 seats is 600 template instances (clone, walk, eight
 * parts and two marker comments each), which cost twice the DOM they make; here the first render
 * makes exactly the nodes a hand-written map would. Why per seat: an availability refresh or a
 * click changes one seat, so each seat remembers what it shows (state, price, tab stop) and only a
 * seat whose inputs changed computes its label and touches its element; the other 499 cost one
 * comparison each and no DOM write.
 *
 * The markup (what tests, styles, `deck-focus.ts` and the delegated listeners rely on): each row a
 * `<div role="row" class="row" part="row">`; a seat a `<button class="seat" data-spot aria-pressed>`
 * in a `role="gridcell"` (the gridcell itself when read-only); a fixture a gridcell with its name;
 * a gap an empty gridcell. Site texts go in as `textContent` and attribute values, never markup.
 */
import { noChange } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';
import type { FixtureCell } from '../../api/models.js';
import type { Strings } from '../../shared/localize/strings.js';
import { isSpot, type DeckLayout, type LayoutCell, type SeatSpot } from './layout.js';
import { fixtureName, type SeatState, type SeatWording } from './seat-label.js';

/** What every cell of the map is drawn with. */
export interface CellContext {
  strings: Strings;
  wording: SeatWording;
  /** The strings', locale's and currency's identity: when it changes, every text is made again. */
  textKey: string;
  readonly: boolean;
  /** Selection is off (disabled element, or the next load on its way): seats are `aria-disabled`. */
  inert: boolean;
  /** Names of the chosen seats. */
  selected: ReadonlySet<string>;
  /** The key of the seat holding this deck's tab stop. */
  tabStop: string | undefined;
  /** The price text for a seat: its passenger type's when chosen, else the default type's. */
  price(name: string, selected: boolean): string;
}

/** One seat on screen and the inputs it was last drawn from. */
interface SeatRecord {
  element: HTMLElement;
  status: string;
  selected: boolean;
  price: string;
  tabStop: boolean;
  state: SeatState | '';
  label: string;
  unavailable: boolean;
}

/** What a cell is, for telling whether a new layout still fits the cells on screen. */
function cellIdentity(cell: LayoutCell): string {
  if (cell === null) return '';
  return isSpot(cell) ? `s${cell.key}\u0001${cell.seat.name}\u0001${cell.position}` : `f${cell.fixture}\u0001${cell.name}`;
}

class DeckCells extends Directive {
  /** The identity of every cell drawn, row by row, and of the texts; a mismatch draws the grid anew. */
  private shape: string[] = [];
  private textKey = '';
  private readonly_ = false;
  private seats = new Map<string, SeatRecord>();

  constructor(partInfo: PartInfo) {
    super(partInfo);
    if (partInfo.type !== PartType.ELEMENT) throw new Error('deckCells() goes on the grid element');
  }

  render(_deck: DeckLayout, _context: CellContext): unknown {
    return noChange;
  }

  override update(part: ElementPart, [deck, context]: [DeckLayout, CellContext]): unknown {
    if (this.fits(deck, context)) {
      for (const spot of deck.seats) {
        const record = this.seats.get(spot.key);
        if (record) this.drawSeat(record, spot, context);
      }
    } else {
      this.build(part.element, deck, context);
    }
    return noChange;
  }

  /** Whether the cells on screen are the layout's (same cells, same texts, same mode). */
  private fits(deck: DeckLayout, context: CellContext): boolean {
    if (context.textKey !== this.textKey || context.readonly !== this.readonly_) return false;
    let i = 0;
    for (const row of deck.rows) for (const cell of row) if (this.shape[i++] !== cellIdentity(cell)) return false;
    return i === this.shape.length;
  }

  private build(grid: Element, deck: DeckLayout, context: CellContext): void {
    const doc = grid.ownerDocument;
    this.shape = [];
    this.seats = new Map();
    this.textKey = context.textKey;
    this.readonly_ = context.readonly;
    const blank = blankSeatCell(doc, context.readonly);
    const rows = doc.createDocumentFragment();
    for (const row of deck.rows) {
      const rowElement = doc.createElement('div');
      rowElement.setAttribute('role', 'row');
      rowElement.className = 'row';
      rowElement.setAttribute('part', 'row');
      for (const cell of row) {
        this.shape.push(cellIdentity(cell));
        rowElement.append(isSpot(cell) ? this.seatCell(blank, cell, context) : otherCell(doc, cell, context.strings));
      }
      rows.append(rowElement);
    }
    // New texts (another language) draw the grid anew: the seat that had focus keeps it.
    const root = grid.getRootNode() as Document | ShadowRoot;
    const focused = root.activeElement instanceof HTMLElement && grid.contains(root.activeElement) ? root.activeElement.getAttribute('data-spot') : null;
    grid.replaceChildren(rows);
    if (focused !== null) this.seats.get(focused)?.element.focus({ preventScroll: true });
  }

  /** A new seat: a copy of the blank seat, given its name and drawn from there. */
  private seatCell(blank: HTMLElement, spot: SeatSpot, context: CellContext): HTMLElement {
    const cell = blank.cloneNode(true) as HTMLElement;
    const seat = context.readonly ? cell : (cell.firstElementChild as HTMLElement);
    seat.setAttribute('data-spot', spot.key);
    seat.textContent = spot.seat.name;
    // What the blank shows; drawSeat writes only what differs from it.
    const record: SeatRecord = { element: seat, status: '', selected: false, price: '', tabStop: false, state: 'available', label: '', unavailable: false };
    this.seats.set(spot.key, record);
    this.drawSeat(record, spot, context);
    return cell;
  }

  /** Brings a seat up to date; a seat whose inputs are unchanged costs a comparison and nothing else. */
  private drawSeat(record: SeatRecord, spot: SeatSpot, context: CellContext): void {
    const name = spot.seat.name;
    const status = spot.seat.status;
    // Picks are names: a seat held because another one has its name (layout.ts) is not the one chosen.
    const selected = context.selected.has(name) && status === 'available';
    const price = context.price(name, selected);
    const tabStop = context.tabStop === spot.key;
    const unavailable = !context.readonly && (context.inert || (!selected && (status === 'booked' || status === 'held')));
    if (record.status === status && record.selected === selected && record.price === price && record.tabStop === tabStop && record.unavailable === unavailable)
      return;
    const element = record.element;
    const state: SeatState = selected ? 'selected' : status;
    if (state !== record.state) {
      element.setAttribute('part', `seat ${state}`);
      element.setAttribute('data-state', state);
    }
    if (tabStop !== record.tabStop) element.setAttribute('tabindex', tabStop ? '0' : '-1');
    if (!context.readonly) {
      if (selected !== record.selected) element.setAttribute('aria-pressed', selected ? 'true' : 'false');
      if (unavailable) {
        if (!record.unavailable) element.setAttribute('aria-disabled', 'true');
      } else if (record.unavailable) element.removeAttribute('aria-disabled');
    }
    const label = context.wording.seat(name, spot.position, state, price);
    if (label !== record.label) element.setAttribute('aria-label', label);
    record.status = status;
    record.selected = selected;
    record.price = price;
    record.tabStop = tabStop;
    record.state = state;
    record.label = label;
    record.unavailable = unavailable;
  }
}

/**
 * An available, unchosen seat without a name, in its gridcell (the gridcell itself when read-only):
 * every seat starts as a deep copy of it, which costs far less than making its two elements and
 * their attributes one by one, five hundred times.
 */
function blankSeatCell(doc: Document, readonly: boolean): HTMLElement {
  const cell = doc.createElement('div');
  cell.setAttribute('role', 'gridcell');
  let seat: HTMLElement = cell;
  if (readonly) {
    cell.className = 'cell seat';
  } else {
    cell.className = 'cell';
    seat = doc.createElement('button');
    seat.setAttribute('type', 'button');
    seat.className = 'seat';
    seat.setAttribute('aria-pressed', 'false');
    cell.append(seat);
  }
  seat.setAttribute('part', 'seat available');
  seat.setAttribute('data-state', 'available');
  seat.setAttribute('tabindex', '-1');
  return cell;
}

/** A fixture (its name, localized or the site's) or a gap: drawn once, never changes with the availability. */
function otherCell(doc: Document, cell: FixtureCell | null, strings: Strings): HTMLElement {
  const element = doc.createElement('div');
  element.setAttribute('role', 'gridcell');
  if (cell === null) {
    element.className = 'cell gap';
    return element;
  }
  element.className = 'cell fixture';
  element.setAttribute('part', `fixture ${cell.fixture}`);
  const name = doc.createElement('span');
  name.className = cell.fixture === 'aisle' ? 'fixture-name passage' : 'fixture-name';
  name.textContent = fixtureName(cell, strings);
  element.append(name);
  return element;
}

/** The rows and cells of one deck grid, kept across renders (see the module's comment). */
export const deckCells = directive(DeckCells);
