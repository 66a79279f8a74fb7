/**
 * tests/reference/pc/pc_cases.json (vendored: 36 cases from NASA CARA's tools and Alfano 2009;
 * provenance in its README) for the probability tests. Part of the repository: the tests that
 * read it never skip.
 */
import { readFileSync } from 'node:fs';
import { PC_CASES_JSON } from '../../../tests/reference/index.ts';

export interface PcCase {
  id: string;
  units: { r: string; v: string; C: string };
  r1: number[];
  v1: number[];
  C1: number[][];
  r2: number[];
  v2: number[];
  C2: number[][];
  hbr_m: number | (number | null)[];
  tca_utc?: string;
  expected: Record<string, unknown> & {
    pc2d: number | null | number[];
    pc3d?: number;
    pc3d_unit_test?: number;
    cara_usage_violations?: { pc2d: number; nc2d: number; nc3d: number; sdmc: number };
    cara_comment?: string;
  };
}

export const PC_CASES: PcCase[] = (JSON.parse(readFileSync(PC_CASES_JSON, 'utf8')) as { cases: PcCase[] }).cases;

/** A case's states and covariances in metres (the Omitron case is given in km). */
export function inMetres(c: PcCase) {
  const k = c.units.r === 'km' ? 1000 : 1;
  const kv = c.units.v === 'km/s' ? 1000 : 1;
  const kc = /^km/.test(c.units.C) ? 1e6 : 1;
  const vec = (x: number[], f: number) => x.map((y) => y * f) as [number, number, number];
  const cov = (m: number[][]) => m.map((row) => row.map((y) => y * kc));
  return { r1M: vec(c.r1, k), v1MPerS: vec(c.v1, kv), cov1: cov(c.C1), r2M: vec(c.r2, k), v2MPerS: vec(c.v2, kv), cov2: cov(c.C2), hbrM: c.hbr_m as number };
}
