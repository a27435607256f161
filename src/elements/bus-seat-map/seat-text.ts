/**
 * The seat map's texts for one update: the strings resolved once (resolving them is not free, and a
 * render asks often) with their content as a key, and the memoized wording (labels, prices, stops)
 * that key keeps valid.
 */
import type { Strings } from '../../shared/localize/strings.js';
import type { Formatting } from './panels-view.js';
import { SeatWording } from './seat-label.js';

export class SeatText {
  readonly wording = new SeatWording();
  private cache: { strings: Strings; key: string } | undefined;

  constructor(private readonly resolve: () => Strings) {}

  get strings(): Strings {
    return this.current.strings;
  }

  /** The strings' content as one string: equal keys, equal texts. */
  get key(): string {
    return this.current.key;
  }

  /** A new update: the strings may have changed (language, `strings`, configuration). */
  forget(): void {
    this.cache = undefined;
  }

  /** The strings and the memoized wording for this render. */
  formatting(locale: string, currency: string | undefined): Formatting {
    const { strings, key } = this.current;
    return { strings, wording: this.wording.use(strings, key, locale, currency) };
  }

  private get current(): { strings: Strings; key: string } {
    if (!this.cache) {
      const strings = this.resolve();
      this.cache = { strings, key: JSON.stringify(strings) };
    }
    return this.cache;
  }
}
