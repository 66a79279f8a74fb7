/**
 * Test messages for the OEM readers.
 *
 * `fixture(name)` reads a file of ./fixtures (see fixtures/README.md for where each comes from: copies of
 * Orekit's test resources, Apache-2.0).
 *
 * EARTH_KVN and EARTH_XML are one small Earth-centred message written by hand in each format, after
 * CCSDS 502.0-B-3 §5 (KVN) and CCSDS 505.0-B-2 (XML, the ndmxml OEM schema): five data lines a minute
 * apart and one covariance matrix in RTN whose 21 lower-triangular numbers are 1 … 21 in the order the
 * standard gives them (KVN: row by row; XML: CX_X, CY_X, CY_Y, … CZ_DOT_Z_DOT), so the matrix read shows
 * where each number went. The line numbers the tests name are those of these texts:
 *
 *   KVN: 5 META_START, 8 CENTER_NAME, 9 REF_FRAME, 10 TIME_SYSTEM, 11 START_TIME, 12 STOP_TIME,
 *        13 INTERPOLATION, 14 INTERPOLATION_DEGREE, 15 META_STOP, 16–20 data lines (00:00 … 00:04),
 *        21 COVARIANCE_START, 22 EPOCH, 23 COV_REF_FRAME, 24–29 rows 1–6, 30 COVARIANCE_STOP.
 *   XML: 8 <CENTER_NAME>, 9 <REF_FRAME>, 10 <TIME_SYSTEM>, 17, 26, 35, 44, 53 the <stateVector>s (00:00 … 00:04),
 *        62 <covarianceMatrix>, 63 its <EPOCH>, 64 its <COV_REF_FRAME>.
 */
import { readFileSync } from 'node:fs';

export function fixture(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

export const EARTH_KVN = `CCSDS_OEM_VERS = 3.0
CREATION_DATE = 2026-03-01T00:00:00
ORIGINATOR = OPERATOR

META_START
OBJECT_NAME = SAT-1
OBJECT_ID = 2026-001A
CENTER_NAME = EARTH
REF_FRAME = GCRF
TIME_SYSTEM = UTC
START_TIME = 2026-03-01T00:00:00
STOP_TIME = 2026-03-01T00:04:00
INTERPOLATION = LAGRANGE
INTERPOLATION_DEGREE = 3
META_STOP
2026-03-01T00:00:00 6778.137 0.000 0.000 0.000 4.7912 6.0428
2026-03-01T00:01:00 6768.466 287.320 362.393 -0.322 4.7843 6.0341
2026-03-01T00:02:00 6739.506 573.816 723.744 -0.643 4.7636 6.0080
2026-03-01T00:03:00 6691.346 858.668 1083.011 -0.962 4.7292 5.9646
2026-03-01T00:04:00 6624.134 1141.056 1439.174 -1.278 4.6810 5.9039
COVARIANCE_START
EPOCH = 2026-03-01T00:01:00
COV_REF_FRAME = RTN
1
2 3
4 5 6
7 8 9 10
11 12 13 14 15
16 17 18 19 20 21
COVARIANCE_STOP
`;

const state = (epoch: string, [x, y, z, vx, vy, vz]: readonly string[]) => `      <stateVector>
        <EPOCH>${epoch}</EPOCH>
        <X>${x}</X>
        <Y>${y}</Y>
        <Z units="km">${z}</Z>
        <X_DOT>${vx}</X_DOT>
        <Y_DOT>${vy}</Y_DOT>
        <Z_DOT units="km/s">${vz}</Z_DOT>
      </stateVector>`;

export const EARTH_XML = `<?xml version="1.0" encoding="UTF-8"?>
<oem id="CCSDS_OEM_VERS" version="3.0">
  <header><CREATION_DATE>2026-03-01T00:00:00</CREATION_DATE><ORIGINATOR>OPERATOR</ORIGINATOR></header>
  <body><segment>
    <metadata>
      <OBJECT_NAME>SAT-1</OBJECT_NAME>
      <OBJECT_ID>2026-001A</OBJECT_ID>
      <CENTER_NAME>EARTH</CENTER_NAME>
      <REF_FRAME>GCRF</REF_FRAME>
      <TIME_SYSTEM>UTC</TIME_SYSTEM>
      <START_TIME>2026-03-01T00:00:00</START_TIME>
      <STOP_TIME>2026-03-01T00:04:00</STOP_TIME>
      <INTERPOLATION>LAGRANGE</INTERPOLATION>
      <INTERPOLATION_DEGREE>3</INTERPOLATION_DEGREE>
    </metadata>
    <data>
${state('2026-03-01T00:00:00', ['6778.137', '0.000', '0.000', '0.000', '4.7912', '6.0428'])}
${state('2026-03-01T00:01:00', ['6768.466', '287.320', '362.393', '-0.322', '4.7843', '6.0341'])}
${state('2026-03-01T00:02:00', ['6739.506', '573.816', '723.744', '-0.643', '4.7636', '6.0080'])}
${state('2026-03-01T00:03:00', ['6691.346', '858.668', '1083.011', '-0.962', '4.7292', '5.9646'])}
${state('2026-03-01T00:04:00', ['6624.134', '1141.056', '1439.174', '-1.278', '4.6810', '5.9039'])}
      <covarianceMatrix>
        <EPOCH>2026-03-01T00:01:00</EPOCH>
        <COV_REF_FRAME>RTN</COV_REF_FRAME>
        <CX_X units="km**2">1</CX_X>
        <CY_X>2</CY_X><CY_Y>3</CY_Y>
        <CZ_X>4</CZ_X><CZ_Y>5</CZ_Y><CZ_Z>6</CZ_Z>
        <CX_DOT_X units="km**2/s">7</CX_DOT_X><CX_DOT_Y>8</CX_DOT_Y><CX_DOT_Z>9</CX_DOT_Z><CX_DOT_X_DOT units="km**2/s**2">10</CX_DOT_X_DOT>
        <CY_DOT_X>11</CY_DOT_X><CY_DOT_Y>12</CY_DOT_Y><CY_DOT_Z>13</CY_DOT_Z><CY_DOT_X_DOT>14</CY_DOT_X_DOT><CY_DOT_Y_DOT>15</CY_DOT_Y_DOT>
        <CZ_DOT_X>16</CZ_DOT_X><CZ_DOT_Y>17</CZ_DOT_Y><CZ_DOT_Z>18</CZ_DOT_Z><CZ_DOT_X_DOT>19</CZ_DOT_X_DOT><CZ_DOT_Y_DOT>20</CZ_DOT_Y_DOT><CZ_DOT_Z_DOT>21</CZ_DOT_Z_DOT>
      </covarianceMatrix>
    </data>
  </segment></body>
</oem>
`;

/** EARTH_KVN with line `n` (1-based) replaced by `replacement` lines (none: the line is removed). */
export function withLine(text: string, n: number, ...replacement: string[]): string {
  const lines = text.split('\n');
  lines.splice(n - 1, 1, ...replacement);
  return lines.join('\n');
}
