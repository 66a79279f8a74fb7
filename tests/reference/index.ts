/**
 * The small reference sets vendored in the repository, beside this file (provenance and sha256 of
 * every file in each set's README): Vallado's SGP4 suite (sgp4/), NASA CARA's Pc cases (pc/), the
 * NRLMSISE-00 and JB2008 outputs (atmosphere/), the CDM samples and CARA's 27 CDMs (cdm/). Tests
 * read them from here and never skip. The large catalogue and space-weather files stay in
 * ../shared/reference (tests/integration/support/reference.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** tests/reference/, with a trailing slash. */
export const VENDORED_DIR = fileURLToPath(new URL('./', import.meta.url));

/** The vendored sets, one folder each. */
export const VENDORED_SETS = ['sgp4', 'pc', 'atmosphere', 'cdm'] as const;

/** Every vendored file or folder the tests read: tests/require-reference.ts fails any run without one. */
export const VENDORED_FILES = [
  'sgp4/SGP4-VER.TLE',
  'sgp4/tcppver.out',
  'pc/pc_cases.json',
  'atmosphere/nrlmsise00_cases.json',
  'atmosphere/jb2008_cases.json',
  'cdm/cara',
  'cdm/cara_000025994_conj_000037558_20210324_151047_20210323_154356.cdm',
  'cdm/orekit_CDMExample1.xml',
  'cdm/orekit_CDMExample2.txt',
  'cdm/orekit_ION_SCV8_vs_STARLINK_1233.txt',
] as const;

/** The absolute path of a vendored file, e.g. vendoredPath('sgp4/SGP4-VER.TLE'). */
export function vendoredPath(path: string): string {
  return `${VENDORED_DIR}${path}`;
}

export function readVendored(path: string): string {
  return readFileSync(vendoredPath(path), 'utf8');
}

/** Vallado's verification TLEs (CRLF; cases 33333–33335 carry wrong checksums on purpose). */
export const SGP4_VER_TLE = vendoredPath('sgp4/SGP4-VER.TLE');
/** The output of Vallado's C++ SGP4 in verification mode for SGP4_VER_TLE. */
export const TCPPVER_OUT = vendoredPath('sgp4/tcppver.out');

/** One case of tcppver.out: its "NNNNN xx" header's number and each data line as printed (trimmed, never blank). */
export interface TcppverCase {
  readonly satnum: number;
  readonly lines: string[];
}

/** tcppver.out split into its cases, in order. */
export function readTcppver(): TcppverCase[] {
  const cases: TcppverCase[] = [];
  for (const raw of readFileSync(TCPPVER_OUT, 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    const header = /^(\d+) xx$/.exec(line);
    if (header) cases.push({ satnum: Number(header[1]), lines: [] });
    else cases.at(-1)!.lines.push(line);
  }
  return cases;
}
export const PC_CASES_JSON = vendoredPath('pc/pc_cases.json');
export const NRLMSISE00_CASES_JSON = vendoredPath('atmosphere/nrlmsise00_cases.json');
export const JB2008_CASES_JSON = vendoredPath('atmosphere/jb2008_cases.json');
/** The four CDM samples (tests/reference/cdm/README.md), with a trailing slash. */
export const CDM_DIR = vendoredPath('cdm/');
/** The 27 CARA CDMs behind pc_cases.json's cara_cdm_* cases, with a trailing slash. */
export const CARA_CDM_DIR = vendoredPath('cdm/cara/');

/** The verdicts CARA_PcMethod_Test_Conjunctions.xlsx records per method (pc_cases.json expected.cara_usage_violations; 0: none). */
export interface CaraUsageViolations {
  readonly pc2d: number;
  readonly nc2d: number;
  readonly nc3d: number;
}

/**
 * What CARA's PcMultiStep reports for one of its 27 events, from its verdicts and values in
 * pc_cases.json: the 2D Pc where the 2D method passes (tolerance 1e-6), Hall's 2D-Nc where it is
 * flagged and 2D-Nc passes (1e-3, CARA's), 3D-Nc where 2D-Nc is flagged too (1e-3).
 */
export function caraPcChoice(expected: { readonly pc2d: unknown; readonly pc3d?: unknown; readonly nc2d_hall?: unknown; readonly cara_usage_violations?: CaraUsageViolations }): { method: 'pc2d' | 'nc2d' | 'pc3d'; pc: number; tolerance: number } {
  const uv = expected.cara_usage_violations;
  if (!uv) throw new Error('caraPcChoice: the case has no CARA verdicts');
  if (uv.pc2d === 0) return { method: 'pc2d', pc: expected.pc2d as number, tolerance: 1e-6 };
  if (uv.nc2d === 0) return { method: 'nc2d', pc: expected.nc2d_hall as number, tolerance: 1e-3 };
  return { method: 'pc3d', pc: expected.pc3d as number, tolerance: 1e-3 };
}
