/**
 * TECHSAT 1B (25397) and NOAA 16 DEB (41423) from the real 2023-10-09 catalogue
 * (../shared/reference, Space-Track 3LE): they meet at 3.94 km on 2023-10-10, the pair the
 * screening, screen-near, ephemeris-screening and avoidance-plan tests share.
 */
export const TECHSAT_PAIR_3LE = [
  '0 TECHSAT 1B',
  '1 25397U 98043D   23282.40800592  .00000298  00000-0  14973-3 0  9991',
  '2 25397  98.8835 240.9209 0001852 130.1863 229.9477 14.23921734311587',
  '0 NOAA 16 DEB',
  '1 41423U 00055LC  23282.47316215  .00006455  00000-0  29287-2 0  9990',
  '2 41423  98.7184 359.2968 0015511 170.8000 189.3465 14.22121175397230',
].join('\n');
