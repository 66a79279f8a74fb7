import type { FleetCategory } from '@contracts/satellites.ts';
import { fleetCategoryOf } from '@/lib/fleet-categories';

/*
 * One colour per fleet category, used by badges, tiles, map markers and the
 * legend so they always agree: military red, commercial blue, scientific
 * green; any other category neutral grey (spec §3).
 */

export interface CategoryStyle {
  badge: 'red' | 'blue' | 'green' | 'secondary';
  /** Text colour (tile icons). */
  text: string;
  /** Background colour (legend swatches). */
  swatch: string;
  /** SVG fill (map markers). */
  fill: string;
}

const STYLES: Record<FleetCategory, CategoryStyle> = {
  military: { badge: 'red', text: 'text-red-500', swatch: 'bg-red-500', fill: 'fill-red-500' },
  commercial: { badge: 'blue', text: 'text-blue-500', swatch: 'bg-blue-500', fill: 'fill-blue-500' },
  scientific: { badge: 'green', text: 'text-green-500', swatch: 'bg-green-500', fill: 'fill-green-500' },
};

export const NEUTRAL_STYLE: CategoryStyle = { badge: 'secondary', text: 'text-slate-400', swatch: 'bg-slate-400', fill: 'fill-slate-400' };

export function categoryStyle(category: string): CategoryStyle {
  const fleetCategory = fleetCategoryOf(category);
  return fleetCategory ? STYLES[fleetCategory] : NEUTRAL_STYLE;
}
