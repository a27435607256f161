/** Staff exports: CSV that spreadsheets read safely, JSON records, and the tables' columns. */
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
