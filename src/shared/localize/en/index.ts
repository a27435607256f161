/** Every English string, for tests and tools; widgets import only the families they use. */
import { COMMON_EN } from './common.js';
import { EVENTS_EN } from './events.js';
import { TERMS_EN } from './terms.js';
import { SPEAKERS_EN } from './speakers.js';
import { BUSES_EN } from './buses.js';
import { BOARD_EN } from './board.js';
import { SEATS_EN } from './seats.js';
import { STAFF_EN } from './staff.js';
import { ROUTE_MAP_EN } from './route-map.js';
import type { Strings } from '../strings.js';

export const EN: Strings = { ...COMMON_EN, ...EVENTS_EN, ...TERMS_EN, ...SPEAKERS_EN, ...BUSES_EN, ...BOARD_EN, ...SEATS_EN, ...STAFF_EN, ...ROUTE_MAP_EN };
