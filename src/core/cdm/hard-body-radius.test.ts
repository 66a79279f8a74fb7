import { describe, expect, it } from 'vitest';
import { hardBodyRadiusOfComment, hardBodyRadiusOfField } from './hard-body-radius.ts';

describe('hard-body radius from CDM comments', () => {
  it("reads CARA's 'HBR = 15 [m]' and close variants, in metres", () => {
    expect(hardBodyRadiusOfComment('HBR = 15 [m]')).toBe(15);
    expect(hardBodyRadiusOfComment('  hbr=2.5')).toBe(2.5);
    expect(hardBodyRadiusOfComment('HBR = 0.02 [km]')).toBe(20);
    expect(hardBodyRadiusOfComment('HARD_BODY_RADIUS: 20 m')).toBe(20);
  });

  it('ignores other radii and prose (CSpOC exclusion radius is not an HBR: shared/reference/cdm/README.md)', () => {
    for (const comment of ['Exclusion Volume Radius = 5.000000 [m]', 'EXCLUSION_VOLUME_RADIUS = 19 [m]', 'HBR unknown', 'HBR = -3 [m]', 'HBR = 15 [ft]']) {
      expect(hardBodyRadiusOfComment(comment), comment).toBeUndefined();
    }
  });

  it('reads a field that holds only the HBR (Space-Track COMMENT_EFFECTIVE_HBR) bare or labelled; a comment needs its label', () => {
    expect(hardBodyRadiusOfField('7')).toBe(7);
    expect(hardBodyRadiusOfField(' 15 [m] ')).toBe(15);
    expect(hardBodyRadiusOfField('0.02 km')).toBe(20);
    expect(hardBodyRadiusOfField('HBR = 15 [m]')).toBe(15);
    expect(hardBodyRadiusOfField('Effective HBR = 15 m')).toBe(15);
    for (const text of ['', 'unknown', '-3', '15 [ft]', 'Apogee Altitude = 714 [km]']) expect(hardBodyRadiusOfField(text), text).toBeUndefined();
    // In a comment a bare number could be anything.
    expect(hardBodyRadiusOfComment('7')).toBeUndefined();
    expect(hardBodyRadiusOfComment('Effective HBR = 15 m')).toBeUndefined();
  });
});
