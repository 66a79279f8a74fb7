import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_PARAMETER_KEYWORDS,
  COVARIANCE_KEYWORDS,
  HEADER_KEYWORDS,
  METADATA_KEYWORDS,
  OD_PARAMETER_KEYWORDS,
  RELATIVE_KEYWORDS,
  RELATIVE_STATE_VECTOR_KEYWORDS,
  sectionOf,
  STATE_VECTOR_KEYWORDS,
} from './keywords.ts';

describe('CDM keyword tables (CCSDS 508.0-B-1 Tables 3-1 to 3-4)', () => {
  it('holds every keyword of the four tables once, in table order', () => {
    const all = [HEADER_KEYWORDS, RELATIVE_KEYWORDS, METADATA_KEYWORDS, OD_PARAMETER_KEYWORDS, ADDITIONAL_PARAMETER_KEYWORDS, STATE_VECTOR_KEYWORDS].flatMap((t) =>
      t.map((k) => k.keyword),
    );
    const keywords = [...all, ...COVARIANCE_KEYWORDS.map((k) => k.keyword)];
    expect(new Set(keywords).size).toBe(keywords.length);
    expect([HEADER_KEYWORDS.length, RELATIVE_KEYWORDS.length, METADATA_KEYWORDS.length]).toEqual([5, 20, 21]);
    expect([OD_PARAMETER_KEYWORDS.length, ADDITIONAL_PARAMETER_KEYWORDS.length, STATE_VECTOR_KEYWORDS.length, COVARIANCE_KEYWORDS.length]).toEqual([10, 8, 6, 45]);
    expect(RELATIVE_KEYWORDS.map((k) => k.keyword).slice(0, 3)).toEqual(['TCA', 'MISS_DISTANCE', 'RELATIVE_SPEED']);
    expect([...RELATIVE_STATE_VECTOR_KEYWORDS]).toEqual([
      'RELATIVE_POSITION_R',
      'RELATIVE_POSITION_T',
      'RELATIVE_POSITION_N',
      'RELATIVE_VELOCITY_R',
      'RELATIVE_VELOCITY_T',
      'RELATIVE_VELOCITY_N',
    ]);
  });

  it('lists the 45 covariance keywords as Table 3-4 does: [1,1] CR_R … [6,6] CNDOT_NDOT obligatory, then DRG, SRP, THR rows', () => {
    const names = COVARIANCE_KEYWORDS.map((k) => k.keyword);
    expect(names.slice(0, 6)).toEqual(['CR_R', 'CT_R', 'CT_T', 'CN_R', 'CN_T', 'CN_N']);
    expect(names[20]).toBe('CNDOT_NDOT');
    expect(names.slice(21, 28)).toEqual(['CDRG_R', 'CDRG_T', 'CDRG_N', 'CDRG_RDOT', 'CDRG_TDOT', 'CDRG_NDOT', 'CDRG_DRG']);
    expect(names.at(-1)).toBe('CTHR_THR');
    const unit = (keyword: string) => COVARIANCE_KEYWORDS.find((k) => k.keyword === keyword)!.unit;
    // Units column of Table 3-4.
    expect(
      ['CR_R', 'CRDOT_T', 'CTDOT_TDOT', 'CDRG_N', 'CDRG_RDOT', 'CDRG_DRG', 'CSRP_TDOT', 'CSRP_DRG', 'CSRP_SRP', 'CTHR_R', 'CTHR_NDOT', 'CTHR_SRP', 'CTHR_THR'].map(unit),
    ).toEqual(['m**2', 'm**2/s', 'm**2/s**2', 'm**3/kg', 'm**3/(kg*s)', 'm**4/kg**2', 'm**3/(kg*s)', 'm**4/kg**2', 'm**4/kg**2', 'm**2/s**2', 'm**2/s**3', 'm**3/(kg*s**2)', 'm**2/s**4']);
    expect(COVARIANCE_KEYWORDS.find((k) => k.keyword === 'CSRP_DRG')).toMatchObject({ row: 7, column: 6 });
  });

  it('marks the obligatory keywords and units the tables give', () => {
    const obligatory = (t: readonly { keyword: string; obligatory?: true }[]) => t.filter((k) => k.obligatory).map((k) => k.keyword);
    expect(obligatory(HEADER_KEYWORDS)).toEqual(['CCSDS_CDM_VERS', 'CREATION_DATE', 'ORIGINATOR', 'MESSAGE_ID']);
    expect(obligatory(RELATIVE_KEYWORDS)).toEqual(['TCA', 'MISS_DISTANCE']);
    expect(obligatory(METADATA_KEYWORDS)).toEqual([
      'OBJECT',
      'OBJECT_DESIGNATOR',
      'CATALOG_NAME',
      'OBJECT_NAME',
      'INTERNATIONAL_DESIGNATOR',
      'EPHEMERIS_NAME',
      'COVARIANCE_METHOD',
      'MANEUVERABLE',
      'REF_FRAME',
    ]);
    expect(obligatory([...OD_PARAMETER_KEYWORDS, ...ADDITIONAL_PARAMETER_KEYWORDS])).toEqual([]);
    expect(OD_PARAMETER_KEYWORDS.map((k) => k.unit ?? '')).toEqual(['', '', 'd', 'd', '', '', '', '', '%', '']);
    expect(ADDITIONAL_PARAMETER_KEYWORDS.map((k) => k.unit)).toEqual(['m**2', 'm**2', 'm**2', 'kg', 'm**2/kg', 'm**2/kg', 'm/s**2', 'W/kg']);
    expect(sectionOf('SCREEN_VOLUME_X')).toBe('relative');
    expect(sectionOf('CTHR_THR')).toBe('covarianceMatrix');
    expect(sectionOf('SEDR')).toBe('additionalParameters');
    expect(sectionOf('HBR')).toBeUndefined();
  });
});
