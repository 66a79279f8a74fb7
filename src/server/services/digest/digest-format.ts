import type { DigestAlert, DigestObject, PcTrend } from '../../../contracts/digest.ts';

/** How the three renderings (text, HTML, PDF) write the digest's values, so that they read alike. */

/** A Pc in scientific notation with three significant digits (1.23e-4), 0 as 0. */
export function formatPc(pc: number | null): string {
  if (pc === null) return '-';
  if (pc === 0) return '0';
  return pc.toExponential(2);
}

/** An instant as YYYY-MM-DD HH:MM UTC. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

export function formatKm(km: number): string {
  return `${km < 10 ? km.toFixed(3) : km.toFixed(1)} km`;
}

export function objectName(o: DigestObject): string {
  return `${o.name} (${o.noradId})`;
}

export function pair(a: DigestObject, b: DigestObject): string {
  return `${objectName(a)} / ${objectName(b)}`;
}

const TREND_WORDS: Record<PcTrend, string> = { rising: 'rising', falling: 'falling', steady: 'steady', none: 'no new estimate' };

/** The Pc trend in words: "1.00e-5 -> 3.20e-4 rising (3 estimates)". ASCII arrow: the PDF's standard fonts have no →. */
export function trendText(a: DigestAlert): string {
  if (a.trend === 'none') return `${formatPc(a.pcEnd)} (${TREND_WORDS.none})`;
  const n = `${a.estimates} estimate${a.estimates === 1 ? '' : 's'}`;
  return `${formatPc(a.pcStart)} -> ${formatPc(a.pcEnd)} ${TREND_WORDS[a.trend]} (${n})`;
}

/** Alert statuses as an operator reads them. */
export function statusWords(status: string | null): string {
  return status === null ? '-' : status.replace(/_/g, ' ');
}

export function digestTitle(day: string): string {
  return `Data Forge daily digest — ${day}`;
}
