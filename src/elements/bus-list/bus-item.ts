/** One bus in the list view: a card whose title is the button that selects it. */
import { html, nothing, type TemplateResult } from 'lit';
import type { Bus } from '../../api/models.js';
import { format, isolate, type Strings } from '../../shared/localize/strings.js';
import { fareText, nextDayMarker, seatsText, stopName, timeOf, type TimeContext } from './bus-format.js';

export interface BusViewContext extends TimeContext {
  currency: string | undefined;
  /** Id of the selected bus, shown pressed. */
  selected: number | null;
  select: (bus: Bus) => void;
}

/** The bus name, or "Bus 12" when the site left it empty (a button needs a name). */
export function busName(bus: Bus, strings: Strings): string {
  return bus.name || format(strings.busUnnamed, { id: bus.id });
}

export function selectButton(bus: Bus, context: BusViewContext): TemplateResult {
  return html`<button
    part="select"
    type="button"
    lang=${(bus.name && context.content) || nothing}
    aria-pressed=${context.selected === bus.id ? 'true' : 'false'}
    @click=${() => context.select(bus)}
  >
    ${busName(bus, context.strings)}
  </button>`;
}

export function busItem(bus: Bus, context: BusViewContext): TemplateResult {
  const { strings, locale } = context;
  const lang = context.content || nothing;
  const seats = seatsText(bus, strings, locale);
  const fare = fareText(bus, strings, locale, context.currency);
  // Both stops isolated: a right-to-left name cannot trade places with the other across the arrow,
  // nor with the times before it. (Plain text, not `<bdi>`s: the same, in fewer bytes.)
  const route = bus.from && bus.to ? format(strings.routeFromTo, { from: isolate(stopName(bus.from)), to: isolate(stopName(bus.to)) }) : '';
  return html`<li part="item">
    <article class="card${bus.seatsLeft === 0 ? ' sold-out' : ''}">
      <div class="body">
        <h3 part="title" class="title">${selectButton(bus, context)}</h3>
        <p class="meta">
          <span part="times"
            ><span part="departure">${timeOf(bus.departureTime, bus, context)}</span> &ndash;
            <span part="arrival">${timeOf(bus.arrivalTime, bus, context, bus.arrivalDayOffset)}${nextDayMarker(bus, strings)}</span></span
          >
          ${route ? html`<span part="route" lang=${lang}>${route}</span>` : nothing}
          ${bus.type ? html`<span part="type" lang=${lang}>${bus.type}</span>` : nothing} ${seats ? html`<span part="seats">${seats}</span>` : nothing}
          ${fare ? html`<span part="price">${fare}</span>` : nothing}
        </p>
        ${
          bus.features.length > 0
            ? html`<ul part="features" class="chips" aria-label=${strings.busFeatures}>
                ${bus.features.map((feature) => html`<li part="feature" class="chip" lang=${lang}>${feature}</li>`)}
              </ul>`
            : nothing
        }
      </div>
    </article>
  </li>`;
}
