/*
 * Parsing rules of the calculator's fields (spec §5). Pure functions so the
 * rules are tested on their own, apart from the DOM.
 */

/**
 * Money fields accept thousands separators: commas are stripped, and the
 * edit is rejected (null) if what is left is not a finite number.
 * An emptied field counts as 0, as Number('') does.
 */
export function parseGroupedNumber(text: string): number | null {
  const value = Number(text.replace(/,/g, ''));
  return Number.isFinite(value) ? value : null;
}

/**
 * A stored value shown in display units: a fraction × 100 for percent fields.
 * Rounded to 10 decimals so binary noise (0.07 × 100 = 7.000000000000001) never shows.
 */
export function toDisplayUnits(value: number, scale: number): string {
  const shown = value * scale;
  return String(Math.round(shown * 1e10) / 1e10);
}
