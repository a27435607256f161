/**
 * The seat map's form association: one entry per chosen seat (`seats=A3:adult`, see
 * `form-value.ts`), kept as the restore state too; `valueMissing` while `required` and no seat is
 * chosen, pointed at the list toggle or the grid's tab stop; a reset clears the selection and a
 * restore chooses the seats again (those no longer available are dropped). The host is a `group`:
 * the page's `<label for>` or `aria-label` on it names the map around the grids focus lands in.
 */
import type { ReactiveControllerHost } from 'lit';
import { FormAssociation } from '../../shared/form-association.js';
import type { Strings } from '../../shared/localize/strings.js';
import { formValue } from './form-value.js';
import type { SeatSelection } from './selection-controller.js';

export interface SeatFormHost extends ReactiveControllerHost, HTMLElement {
  /** The field name of the entries. */
  readonly name: string;
  readonly required: boolean;
  /** Data loads: no seat can be chosen yet, which the message says instead. */
  readonly pending: boolean;
}

export function seatForm(host: SeatFormHost, selection: SeatSelection, strings: () => Strings): FormAssociation {
  return new FormAssociation(host, {
    value: () => formValue(host.name, selection.picks),
    valueMissing: () => host.required && selection.picks.length === 0,
    message: () => (host.pending ? strings().stillLoading : strings().seatRequired),
    anchor: () => host.shadowRoot?.querySelector<HTMLElement>('[part~="list-toggle"], [data-spot][tabindex="0"]') ?? null,
    reset: () => selection.clear('reset'),
    restore: (state) => selection.restore(state),
    role: 'group',
  });
}
