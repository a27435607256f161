/** Staff exports (CSV that spreadsheets read safely, JSON records, the tables' columns) and iCalendar files of events. */
export { BOM, csvField, neutralizeFormula, toCsv, type CellValue, type CsvOptions } from './csv.js';
export {
  ATTENDEE_COLUMNS,
  DEFAULT_ATTENDEE_COLUMNS,
  DEFAULT_PASSENGER_COLUMNS,
  PASSENGER_COLUMNS,
  pickColumns,
  recordsOf,
  tableOf,
  type Column,
} from './columns.js';
export { summarizeAttendees, summarizePassengers, type AttendeeSummary, type PassengerSummary, type StopCount, type TicketTypeTotal } from './summary.js';
export { eventsToIcs, escapeIcsText, foldIcsLine, ICS_MIME, ICS_PRODID, type IcsOptions } from './ics.js';
export {
  calendarDescription,
  calendarLink,
  calendarLocation,
  calendarOccurrences,
  calendarTimes,
  DEFAULT_DURATION_MINUTES,
  type CalendarTimes,
} from './calendar-event.js';
export { localEpochOf } from '../site-time.js';
