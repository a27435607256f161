/**
 * Normalizers: raw wire JSON (`unknown`) → the typed models of `../models.ts`, or an `ApiError`
 * with code `tw_invalid_response`.
 */
export { normalizeAttendee, normalizeAttendees } from './attendee.js';
export { normalizeBusDetail, normalizeContractBus, normalizeContractBuses, normalizePluginSearch } from './bus.js';
export type { BusSearchResult } from './bus.js';
export { normalizeEvent, normalizeEvents } from './event.js';
export { normalizePassenger, normalizePassengers } from './passenger.js';
export { normalizeRouteList } from './route.js';
export { MAX_COLS, MAX_DECKS, MAX_ROWS, normalizeDecks, normalizeSeatMap } from './seats.js';
export { normalizeSiteIndex } from './site-index.js';
export { normalizeSpeaker, normalizeSpeakers } from './speaker.js';
export { normalizeTerm, normalizeTerms } from './term.js';
export { normalizeList, parsePrice, toLocalDate, toLocalDateTime, toLocalTime } from './read.js';
export { typeKey } from './read-bus.js';
