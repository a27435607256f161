/**
 * The items of an open "Add to calendar" disclosure: the `.ics` download and the Google Calendar and
 * Outlook links. Loaded by the list when a visitor first opens a disclosure (add-to-calendar.ts).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { EventDate, EventItem } from '../../api/models.js';
import type { CalendarContext } from './add-to-calendar.js';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links.js';

/** `download` saves the event's `.ics` (passed in: importing it from add-to-calendar.ts would split the list's entry in two). */
export function calendarMenu(event: EventItem, date: EventDate, context: CalendarContext, download: () => void): TemplateResult {
  const { strings, zone } = context;
  const options = { online: strings.online };
  const google = googleCalendarUrl(event, date, zone, options);
  const outlook = outlookCalendarUrl(event, date, zone, options);
  const newTab = html`<span class="visually-hidden"> ${strings.calendarNewTab}</span>`;
  return html`<ul class="calendar-items">
    <li>
      <button type="button" part="calendar-ics" class="calendar-ics" @click=${download}>${strings.calendarDownloadIcs}</button>
    </li>
    ${google ? html`<li><a part="calendar-google" href=${google} target="_blank" rel="noopener">${strings.calendarGoogle}${newTab}</a></li>` : nothing}
    ${outlook ? html`<li><a part="calendar-outlook" href=${outlook} target="_blank" rel="noopener">${strings.calendarOutlook}${newTab}</a></li>` : nothing}
  </ul>`;
}
