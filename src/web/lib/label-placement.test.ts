import { describe, expect, it } from 'vitest';
import { LABEL_GAP, placeLabels } from '@/lib/label-placement';

const lines = (name: string) => [name, '35786 km'];

describe('placeLabels', () => {
  it('puts a lone label to the right of its marker', () => {
    expect(placeLabels([{ id: 1, x: 500, y: 250, lines: lines('VENUS') }]).get(1)).toEqual({ dx: LABEL_GAP, dy: 0, anchor: 'start' });
  });

  it('puts a label near the right edge on the left', () => {
    expect(placeLabels([{ id: 1, x: 990, y: 250, lines: lines('TECHSAT 1B') }]).get(1)).toEqual({ dx: -LABEL_GAP, dy: 0, anchor: 'end' });
  });

  it('moves a label that would cover a neighbour', () => {
    // Two geostationary satellites 4° apart (11 units): the first label would cover the second dot.
    const placements = placeLabels([
      { id: 1, x: 488.9, y: 250, lines: lines('DROR 1') },
      { id: 2, x: 547.2, y: 250, lines: lines('AMOS-17') },
    ]);
    expect(placements.get(1)).not.toEqual({ dx: LABEL_GAP, dy: 0, anchor: 'start' });
    expect(placements.get(2)).toEqual({ dx: LABEL_GAP, dy: 0, anchor: 'start' });
  });

  it('stacks labels of markers on top of each other', () => {
    const placements = placeLabels([
      { id: 1, x: 300, y: 250, lines: lines('A') },
      { id: 2, x: 300, y: 250, lines: lines('B') },
      { id: 3, x: 300, y: 250, lines: lines('C') },
    ]);
    const spots = [...placements.values()].map((p) => `${p.dx}/${p.dy}`);
    expect(new Set(spots).size).toBe(3);
  });

  it('keeps the label on the plane near the top edge', () => {
    const placement = placeLabels([{ id: 1, x: 500, y: 5, lines: lines('NORTH') }]).get(1);
    expect(placement?.dy).toBeGreaterThan(0);
  });
});
