import { describe, expect, it } from 'vitest';
import { ConjunctionJsonError, formatConjunctionJson, parseConjunctionJson, parseIsoUtc } from './conjunction-json.ts';

const DOCUMENT = {
  primary_object: 'TERRA',
  secondary_object: 'IRIDIUM 33 DEB',
  primary_norad: 25994,
  secondary_norad: 37558,
  primary_cospar: '1999-068A',
  secondary_cospar: '1997-051XT',
  primary_object_type: 'PAYLOAD',
  secondary_object_type: 'DEBRIS',
  primary_maneuverable: 'YES',
  secondary_maneuverable: 'N/A',
  tca: '2021-03-24T15:10:47.417Z',
  miss_distance_km: 0.108,
  relative_velocity_km_s: 11.073,
  relative_position_rtn_km: [-0.0055, 0.0737, -0.0782],
  relative_velocity_rtn_km_s: [0.0525, -8.157, -7.4886],
  collision_probability: 0.02117,
  collision_probability_method: 'FOSTER-1992',
  max_collision_probability: 0.0205,
  risk_level: 'critical',
  hard_body_radius_m: 15,
  frame: 'EME2000',
  primary_state: { r_km: [31.4697553213112, 1068.52961513050, 6991.04522903573], v_km_s: [7.0324473071728, -2.59682080388830, 0.364333205991592] },
  primary_covariance_rtn: [
    [12.6, -25.8, 0.88],
    [-25.8, 569.5, -0.8],
    [0.88, -0.8, 2.47],
  ],
  primary_covariance_method: 'CALCULATED',
  secondary_state: { r_km: [31.5114512744637, 1068.43092143113, 6991.05460800307], v_km_s: [-3.22640921090220, -6.70125801401658, 1.09095682992358] },
  secondary_covariance_rtn: Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 }, (_, j) => (i === j ? 10 ** (3 - i) : 0))),
  secondary_covariance_method: 'CALCULATED',
  message: { originator: 'CARA', message_id: 'X-1', creation_date: '2021-03-23T15:43:56.000Z', message_for: 'TERRA' },
};

function error(value: unknown): ConjunctionJsonError {
  try {
    parseConjunctionJson(value);
  } catch (e) {
    if (e instanceof ConjunctionJsonError) return e;
    throw e;
  }
  throw new Error('expected a ConjunctionJsonError');
}

describe('conjunction JSON', () => {
  it('reads the documented schema and writes it back unchanged', () => {
    const parsed = parseConjunctionJson(DOCUMENT);
    expect(parsed.conjunction.tca).toBe(Date.UTC(2021, 2, 24, 15, 10, 47, 417));
    expect(parsed.conjunction.primary).toMatchObject({ norad: 25994, name: 'TERRA', objectType: 'PAYLOAD', maneuverable: 'YES', covarianceMethod: 'CALCULATED' });
    expect(parsed.message).toEqual({ originator: 'CARA', messageId: 'X-1', creationDate: Date.UTC(2021, 2, 23, 15, 43, 56), messageFor: 'TERRA' });
    expect(formatConjunctionJson(parsed)).toEqual(DOCUMENT);
    expect(parseConjunctionJson(JSON.parse(JSON.stringify(formatConjunctionJson(parsed))))).toEqual(parsed);
  });

  it('fills the documented defaults and accepts the TCA forms the SST API writes', () => {
    const { primary_maneuverable: _m, primary_covariance_method: _c, message: _h, risk_level: _r, ...minimal } = DOCUMENT;
    const parsed = parseConjunctionJson({ ...minimal, tca: '2021-03-24T15:10:47.417+00:00Z' });
    expect(parsed.conjunction.primary.maneuverable).toBe('N/A');
    expect(parsed.conjunction.primary.covarianceMethod).toBe('DEFAULT');
    expect(parsed.message).toEqual({});
    expect(parsed.conjunction.riskLevel).toBeUndefined();
    for (const text of ['2021-03-24T15:10:47.417', '2021-03-24T15:10:47.417Z', '2021-03-24T15:10:47.417+00:00', '2021-03-24T15:10:47.417+0000']) {
      expect(parseIsoUtc(text), text).toBe(Date.UTC(2021, 2, 24, 15, 10, 47, 417));
    }
    expect(parseIsoUtc('2021-03-24T15:10:47.417+02:00')).toBeUndefined();
  });

  it('names the field of every fault', () => {
    const cases: [unknown, string, RegExp][] = [
      [[], '(document)', /expected a JSON object/],
      [{ ...DOCUMENT, tca: 'tomorrow' }, 'tca', /not an ISO 8601 UTC time/],
      [{ ...DOCUMENT, primary_norad: '25994' }, 'primary_norad', /expected a number/],
      [{ ...DOCUMENT, secondary_norad: -4 }, 'secondary_norad', /catalogue number/],
      [{ ...DOCUMENT, miss_distance_km: -0.1 }, 'miss_distance_km', /≥ 0/],
      [{ ...DOCUMENT, collision_probability: 2 }, 'collision_probability', /not a probability/],
      [{ ...DOCUMENT, frame: 'ITRF' }, 'frame', /expected one of TEME, EME2000, GCRF/],
      [{ ...DOCUMENT, frame: undefined }, 'frame', /inertial frame of both states/],
      [{ ...DOCUMENT, primary_state: { r_km: [1, 2], v_km_s: [1, 2, 3] } }, 'primary_state.r_km', /expected three numbers/],
      [{ ...DOCUMENT, secondary_state: undefined }, 'secondary_state', /r_km/],
      [{ ...DOCUMENT, primary_covariance_rtn: [[1]] }, 'primary_covariance_rtn', /3×3 or 6×6/],
      [{ ...DOCUMENT, secondary_covariance_method: 'GUESSED' }, 'secondary_covariance_method', /CALCULATED, DEFAULT/],
      [{ ...DOCUMENT, risk_level: 'extreme' }, 'risk_level', /critical, high, medium, low/],
      [{ ...DOCUMENT, primary_object: '' }, 'primary_object', /non-empty string/],
      [{ ...DOCUMENT, message: { creation_date: 'soon' } }, 'message.creation_date', /not an ISO 8601 UTC time/],
      [{ ...DOCUMENT, message: 'CARA' }, 'message', /expected an object/],
      [{ ...DOCUMENT, hard_body_radius_m: -1 }, 'hard_body_radius_m', /≥ 0/],
    ];
    for (const [value, path, message] of cases) {
      const e = error(value);
      expect(e.path, e.message).toBe(path);
      expect(e.message).toMatch(message);
      expect(e.message.startsWith(`${path}: `)).toBe(true);
    }
  });
});
