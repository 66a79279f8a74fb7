/**
 * The turbopause and chemistry corrections of the MSIS models: CCOR, CCOR2 and DNET of the NRL
 * Fortran release (ccor, ccor2, dnet in Brodowski's C release, nrlmsise-00.c).
 */

/**
 * CCOR: chemistry/dissociation correction factor exp(r / (1 + exp((alt - zh) / h1))).
 * `r` target ratio (log), `h1` transition scale length, `zh` altitude of half `r`.
 */
export function ccor(alt: number, r: number, h1: number, zh: number): number {
  const e = (alt - zh) / h1;
  if (e > 70) return 1;
  if (e < -70) return Math.exp(r);
  return Math.exp(r / (1.0 + Math.exp(e)));
}

/** CCOR2: CCOR with two transition scale lengths `h1`, `h2` averaged in the denominator. */
export function ccor2(alt: number, r: number, h1: number, zh: number, h2: number): number {
  const e1 = (alt - zh) / h1;
  const e2 = (alt - zh) / h2;
  if (e1 > 70 || e2 > 70) return 1;
  if (e1 < -70 && e2 < -70) return Math.exp(r);
  return Math.exp(r / (1.0 + 0.5 * (Math.exp(e1) + Math.exp(e2))));
}

/**
 * DNET: turbopause correction, the combination of the diffusive density `dd` and the fully mixed
 * density `dm` (transition scale length `zhm`, mixed molecular weight `xmm`, species weight `xm`).
 * The original prints "dnet log error" when a density is not positive; here the same fallbacks are
 * taken silently (zero mixed density → diffusive one, zero diffusive density → mixed one).
 */
export function dnet(dd: number, dm: number, zhm: number, xmm: number, xm: number): number {
  const a = zhm / (xmm - xm);
  let diffusive = dd;
  if (!(dm > 0 && diffusive > 0)) {
    if (diffusive === 0 && dm === 0) diffusive = 1;
    if (dm === 0) return diffusive;
    if (diffusive === 0) return dm;
  }
  const ylog = a * Math.log(dm / diffusive);
  if (ylog < -10) return diffusive;
  if (ylog > 10) return dm;
  return diffusive * (1.0 + Math.exp(ylog)) ** (1.0 / a);
}
