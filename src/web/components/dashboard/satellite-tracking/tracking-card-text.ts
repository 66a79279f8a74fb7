/*
 * The tracking card's fixed texts (spec §2, §8), in one place so the card,
 * its tests and the lead's browser test agree.
 */

export const TRACKING_CARD_TITLE = 'Israeli Satellite Tracking';

/**
 * DECISIONS.md §4: the spec's 'Live N2YO Data' is shown only when N2YO is the
 * live source. N2YO is not configured: positions are computed by the server
 * with SGP4 from each satellite's newest element set, so the label names SGP4.
 */
export const TRACKING_SOURCE_LABEL = 'Live SGP4 Data';
export const TRACKING_SOURCE_DESCRIPTION = "Positions computed by the server with SGP4 from each satellite's newest element set";

export const FETCHING_POSITIONS_TEXT = 'Fetching satellite positions...';
export const UNABLE_TO_LOAD_TEXT = 'Unable to load satellite data';

/** Spec §8: 'Error: {message}', the message as the data layer builds it ('{status}: {body}'). */
export function trackingErrorText(error: Error): string {
  return `Error: ${error.message}`;
}

export const TAB_LABELS = { 'real-position': 'Real Position', altitudes: 'Altitudes', orbits: 'Orbits' } as const;
export type TrackingTab = keyof typeof TAB_LABELS;
export const DEFAULT_TAB: TrackingTab = 'real-position';
