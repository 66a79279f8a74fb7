import { useId, useState } from 'react';
import type { IsraeliSatellite } from '@contracts/satellites.ts';
import { altitudeScale, formatTick } from '@/components/dashboard/satellite-tracking/altitude-scale';
import { ALTITUDE_ZONES, GEO_ALTITUDE_KM, LEO_BOTTOM_KM, LEO_TOP_KM } from '@/components/dashboard/satellite-tracking/orbit-zones';
import { categoryStyle } from '@/components/satellites/category-style';
import { fleetCategoryOf, FLEET_CATEGORY_LABELS } from '@/lib/fleet-categories';
import { formatKm, formatVelocity } from '@/lib/satellite-format';
import { cn } from '@/lib/utils';

/*
 * The Altitudes tab's chart (spec §2, §9): one lollipop per satellite on a
 * logarithmic altitude axis from about 300 to 40,000 km, with the LEO and MEO
 * zones shaded and the GEO altitude drawn as a line, each labelled. Drawn as
 * plain SVG on a fixed plane scaled to the width (like the map), so it needs
 * no layout measurement and no chart library on the dashboard.
 */

export const CHART_WIDTH = 1000;
export const CHART_HEIGHT = 310;
const PLOT = { left: 64, right: 984, top: 14, bottom: 250 };

/** The altitude a satellite is plotted at: its current SGP4 altitude, or its mean altitude when no position could be computed. */
export function chartAltitude(satellite: IsraeliSatellite): number {
  const current = Number.parseFloat(satellite.currentPosition.altitude);
  return Number.isFinite(current) ? current : satellite.altitude;
}

export function categoryLabel(category: string): string {
  const fleetCategory = fleetCategoryOf(category);
  return fleetCategory ? FLEET_CATEGORY_LABELS[fleetCategory] : category;
}

interface PlottedSatellite {
  satellite: IsraeliSatellite;
  altitude: number;
  x: number;
  y: number;
}

function Tooltip({ point, id }: { point: PlottedSatellite; id: string }) {
  const { satellite, altitude } = point;
  return (
    <div
      role="tooltip"
      id={id}
      className="pointer-events-none absolute z-10 w-max -translate-x-1/2 -translate-y-[calc(100%+12px)] rounded-md border bg-card px-3 py-2 text-xs text-card-foreground shadow-md"
      style={{ left: `${(point.x / CHART_WIDTH) * 100}%`, top: `${(point.y / CHART_HEIGHT) * 100}%` }}
    >
      <p className="font-semibold">{satellite.name}</p>
      <p>{`Altitude: ${formatKm(altitude)}`}</p>
      <p>{`Category: ${categoryLabel(satellite.category)}`}</p>
      <p>{`Velocity: ${formatVelocity(satellite.currentPosition.velocity)}`}</p>
    </div>
  );
}

export function AltitudeChart({ satellites }: { satellites: readonly IsraeliSatellite[] }) {
  const tooltipId = useId();
  const [active, setActive] = useState<number | null>(null);
  const scale = altitudeScale(satellites.map(chartAltitude), PLOT.top, PLOT.bottom);
  const slot = (PLOT.right - PLOT.left) / Math.max(1, satellites.length);
  const points: PlottedSatellite[] = satellites
    .map((satellite) => ({ satellite, altitude: chartAltitude(satellite) }))
    .sort((a, b) => a.altitude - b.altitude)
    .map((entry, index) => ({ ...entry, x: PLOT.left + (index + 0.5) * slot, y: scale.y(entry.altitude) }));
  const activePoint = points.find((point) => point.satellite.id === active);
  const yLeoTop = scale.y(LEO_TOP_KM);
  const yGeo = scale.y(GEO_ALTITUDE_KM);
  const zoneLabelY = {
    LEO: (scale.y(LEO_BOTTOM_KM) + yLeoTop) / 2 + 4,
    MEO: (yLeoTop + yGeo) / 2 + 4,
    GEO: yGeo - 6,
  };
  return (
    <div className="relative">
      <svg viewBox={`0 0 ${CHART_WIDTH} ${CHART_HEIGHT}`} className="block h-auto w-full" role="group" aria-label="Satellite altitudes (log scale)" data-testid="altitude-chart">
        <g aria-hidden="true">
          <rect x={PLOT.left} y={yLeoTop} width={PLOT.right - PLOT.left} height={scale.y(LEO_BOTTOM_KM) - yLeoTop} className="fill-sky-500/10" />
          <rect x={PLOT.left} y={yGeo} width={PLOT.right - PLOT.left} height={yLeoTop - yGeo} className="fill-violet-500/10" />
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line x1={PLOT.left} x2={PLOT.right} y1={scale.y(tick)} y2={scale.y(tick)} className="stroke-slate-700" strokeDasharray="3 3" strokeWidth={0.75} />
              <text x={PLOT.left - 8} y={scale.y(tick) + 4} textAnchor="end" fontSize={11} className="fill-slate-400">
                {formatTick(tick)}
              </text>
            </g>
          ))}
          <line x1={PLOT.left} x2={PLOT.right} y1={yGeo} y2={yGeo} className="stroke-amber-400" strokeDasharray="6 4" strokeWidth={1.5} />
          <line x1={PLOT.left} x2={PLOT.left} y1={PLOT.top} y2={PLOT.bottom} className="stroke-slate-600" />
          <line x1={PLOT.left} x2={PLOT.right} y1={PLOT.bottom} y2={PLOT.bottom} className="stroke-slate-600" />
          <text transform={`translate(16 ${(PLOT.top + PLOT.bottom) / 2}) rotate(-90)`} textAnchor="middle" fontSize={11} className="fill-slate-400">
            Altitude (km, log scale)
          </text>
        </g>
        <g data-testid="altitude-zones">
          {ALTITUDE_ZONES.map((zone) => (
            <text
              key={zone.type}
              x={PLOT.right - 6}
              y={zoneLabelY[zone.type]}
              textAnchor="end"
              fontSize={11}
              fontWeight={600}
              className={cn(zone.type === 'LEO' ? 'fill-sky-300' : zone.type === 'MEO' ? 'fill-violet-300' : 'fill-amber-300')}
            >
              {zone.label}
            </text>
          ))}
        </g>
        {points.map((point) => {
          const { satellite } = point;
          const show = () => setActive(satellite.id);
          const hide = () => setActive((current) => (current === satellite.id ? null : current));
          return (
            <g
              key={satellite.id}
              role="img"
              aria-label={`${satellite.name}: ${formatKm(point.altitude)}`}
              aria-describedby={active === satellite.id ? tooltipId : undefined}
              tabIndex={0}
              data-testid="altitude-point"
              data-y={point.y.toFixed(2)}
              className="cursor-pointer outline-none [&:focus-visible>circle:last-of-type]:stroke-sky-300"
              onMouseEnter={show}
              onMouseLeave={hide}
              onFocus={show}
              onBlur={hide}
            >
              <line x1={point.x} x2={point.x} y1={PLOT.bottom} y2={point.y} className="stroke-slate-500/60" strokeWidth={1.5} aria-hidden="true" />
              <circle cx={point.x} cy={point.y} r={14} fill="transparent" />
              <circle cx={point.x} cy={point.y} r={6} className={categoryStyle(satellite.category).fill} stroke="white" strokeWidth={1.2} />
              <text
                transform={`translate(${point.x} ${PLOT.bottom + 12}) rotate(-35)`}
                textAnchor="end"
                fontSize={10}
                className="fill-slate-300"
                aria-hidden="true"
              >
                {satellite.name}
              </text>
            </g>
          );
        })}
      </svg>
      {activePoint && <Tooltip point={activePoint} id={tooltipId} />}
    </div>
  );
}
