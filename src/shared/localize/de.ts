import type { Strings } from './strings.js';

export const DE: Strings = {
  loading: 'Wird geladen …',
  retry: 'Erneut versuchen',
  notConfigured:
    'Dieses Widget ist nicht eingerichtet: Setzen Sie das Attribut base-url oder fügen Sie <meta name="ticketing-widgets:base-url" content="https://ihre-seite/wp-json"> in die Seite ein.',

  errorNetwork: 'Die Website ist nicht erreichbar. Prüfen Sie die Verbindung und versuchen Sie es erneut.',
  errorTimeout: 'Die Website hat zu lange nicht geantwortet.',
  errorNotJson: 'Die Website hat eine Webseite statt Daten geliefert; ihre REST-API ist möglicherweise gesperrt.',
  errorTruncated: 'Die Antwort der Website ist abgebrochen.',
  errorPhpNotice: 'Die Website gibt vor ihren Daten eine PHP-Warnung aus; die Administration sollte WP_DEBUG_DISPLAY abschalten.',
  errorForbidden: 'Für diese Daten ist eine Anmeldung nötig, die das Widget nicht hat.',
  errorCredentials: 'Die Website hat die Zugangsdaten des Proxys abgelehnt.',
  errorNotFound: 'Nicht gefunden.',
  errorNoRoute: 'Diese Website veröffentlicht diese Daten nicht (REST-API des Plugins ausgeschaltet oder Plugin fehlt).',
  errorNoRouteEvents: 'Diese Website veröffentlicht keine Veranstaltungen (REST-API in den Plugin-Einstellungen ausgeschaltet).',
  errorNoRouteSpeakers: 'Diese Website veröffentlicht keine Referenten (REST-API in den Plugin-Einstellungen ausgeschaltet).',
  errorRateLimited: 'Die Website bittet um eine Pause. Erneut versuchen in {seconds} s.',
  errorServer: 'Die Website hat ein Problem (HTTP {status}).',
  errorInvalidResponse: 'Die Daten der Website konnten nicht gelesen werden.',
  errorInvalidParam: 'Die Website hat die Anfrage abgelehnt: {detail}',
  errorPageOutOfRange: 'Diese Seite gibt es (nicht mehr).',
  errorGeneric: 'Etwas ist schiefgegangen ({code}).',

  pagination: 'Seiten',
  previous: 'Zurück',
  next: 'Weiter',
  pageOf: 'Seite {page} von {pages}',

  eventsLabel: 'Veranstaltungen',
  eventsEmpty: 'Keine Veranstaltungen gefunden.',
  eventsUpcomingEmpty: 'Keine kommenden Veranstaltungen.',
  online: 'Online',
  free: 'Kostenlos',
  priceFrom: 'ab {price}',
  priceRange: '{min} – {max}',
  moreDatesOne: '+1 weiterer Termin',
  moreDatesOther: '+{count} weitere Termine',
  dateToBeAnnounced: 'Termin folgt',

  categoryLabel: 'Kategorie',
  organizerLabel: 'Veranstalter',
  allCategories: 'Alle Kategorien',
  allOrganizers: 'Alle Veranstalter',
  termsEmpty: 'Noch keine Auswahl vorhanden.',

  speakersLabel: 'Referenten',
  speakersEmpty: 'Noch keine Referenten.',
};
