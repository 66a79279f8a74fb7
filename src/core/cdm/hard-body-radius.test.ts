import { describe, expect, it } from 'vitest';
import { hardBodyRadiusOfComment } from './hard-body-radius.ts';

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
});
