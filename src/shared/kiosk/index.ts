/** The kiosk features of a departure board (see board-kiosk.ts), in one import. */
export { BoardKiosk, type KioskBoardHost } from './board-kiosk.js';
export { KioskBoardElement } from './kiosk-board-element.js';
export { kioskStyles } from './kiosk.styles.js';
export { browserPlatform, type KioskPlatform, type WakeLockApi, type WakeLockHandle } from './platform.js';
