import { localized } from '../i18n/catalogue';
/** Activity report strings (part 2 sections 2 and 9). */
export const reportMessages = /* @__PURE__ */ localized('reportMessages', {
  title: 'Activity report',
  loading: 'Loading the report',
  totalScans: 'Total scans',
  totalAlerts: 'Total alerts',
  distinctPatrollers: 'Patrollers',
  period: 'Period',
  plateFilter: 'Plate',
  allPlates: 'All plates',
  heatMap: 'Scan heat map',
  mapUnavailable: 'The map cannot be shown on this device. The scans are listed below.',
  mapLoading: 'Drawing the map…',
  mapWithoutStreets:
    'Streets are not shown: no map style is configured for this site, so the scans are drawn on a plain background.',
  scans: 'Scans',
  newestFirst: 'Newest first',
  noScans: 'No scans in this report.',
  scansLoading: 'Loading the scans',
  scansUnavailable: 'The scans could not be loaded. Reload the page to try again.',
  alert: 'Alert',
  noPhoto: 'No photo',
  photoOf: 'Photo of plate {plate}',
  unknownPatroller: 'Unknown patroller',
  showing: 'Showing {from}–{to} of {total}',
  scanPages: 'Scan list pages',
  unavailableTitle: 'This report is not available',
  unavailable:
    'Its link has expired or was revoked, or the address is incomplete. Ask whoever shared it for a new link.',
} as const);
