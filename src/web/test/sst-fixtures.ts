import type { AnalysisJob, SstConjunction, SstResult } from '@contracts/conjunctions.ts';
import type { SatelliteRecord } from '@contracts/satellites.ts';

/*
 * Test data only: records shaped like GET /api/satellites, and jobs and results
 * shaped like the SST analysis contract, for component tests with mocked fetch
 * and EventSource. Never imported by app code.
 */

export const SATELLITES_API = '/api/satellites';
export const ANALYZE_API = '/api/conjunctions/analyze-selected?async=1';

/** The fleet's OFEQ satellites (one spelled OFEK, in mixed case), other fleet members, and catalogue objects of each kind. */
export const TEST_RECORDS: SatelliteRecord[] = [
  { id: 190016, name: 'OFEQ-16', noradId: '190016', cosparId: '2020-044A', category: 'military' },
  { id: 190011, name: 'OFEQ-11', noradId: '190011', cosparId: '2016-056A', category: 'military' },
  { id: 190005, name: 'Ofek-5', noradId: '190005', cosparId: '2002-025A', category: 'Military' },
  { id: 190101, name: 'TECSAR', noradId: '190101', cosparId: '2008-002A', category: 'military' },
  { id: 44479, name: 'AMOS-17', noradId: '44479', cosparId: '2019-050A', category: 'commercial' },
  { id: 42901, name: 'VENUS', noradId: '42901', cosparId: '2017-044B', category: 'scientific' },
  { id: 25544, name: 'ISS (ZARYA)', noradId: '25544', cosparId: '1998-067A', category: 'payload' },
  { id: 44797, name: 'COSMOS 2542', noradId: '44797', cosparId: '2019-079A', category: 'payload' },
  { id: 210001, name: 'OFEQ-7 DEB', noradId: '210001', cosparId: '2007-025C', category: 'debris' },
  { id: 29733, name: 'FENGYUN 1C DEB', noradId: '29733', cosparId: '1999-025AAB', category: 'debris' },
  { id: 22566, name: 'SL-16 R/B', noradId: '22566', cosparId: '1993-016B', category: 'rocket_body' },
  { id: 99999, name: 'UNKNOWN OBJECT', noradId: '99999', cosparId: null, category: null },
];

/** A catalogue of `count` records (ids 1..count), for the virtualised list. */
export function manyRecords(count: number): SatelliteRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `OBJECT ${index + 1}`,
    noradId: String(index + 1),
    cosparId: `2000-${String(index + 1).padStart(3, '0')}A`,
    category: index % 2 === 0 ? 'debris' : 'payload',
  }));
}

let conjunctionSerial = 0;

export function makeConjunction(overrides: Partial<SstConjunction> = {}): SstConjunction {
  conjunctionSerial += 1;
  return {
    id: `job-1-${conjunctionSerial}`,
    primary_object: 'OFEQ-16',
    secondary_object: 'COSMOS 2542',
    primary_id: 190016,
    secondary_id: 44797,
    primary_norad: '190016',
    secondary_norad: '44797',
    tca: '2025-03-02T07:04:58.000Z',
    miss_distance_km: 1.2345,
    radial_km: 0.1,
    in_track_km: 1.2,
    cross_track_km: 0.2,
    relative_velocity_km_s: 14.5167,
    collision_probability: 0.000123456,
    max_collision_probability: 0.0005,
    risk_level: 'critical',
    cdm_url: `/api/conjunctions/job-1-${conjunctionSerial}/cdm`,
    ...overrides,
  };
}

export function makeResult(conjunctions: SstConjunction[], totalObjects = 50000): SstResult {
  return { job_id: 'job-1', total_objects: totalObjects, conjunctions };
}

export function makeJob(overrides: Partial<AnalysisJob> = {}): AnalysisJob {
  return { job_id: 'job-1', status: 'running', step: 'prepare', fraction: 0, detail: '', ...overrides };
}
