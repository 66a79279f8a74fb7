import { describe, expect, it } from 'vitest';
import { parseElementSets, type ElementSet } from '../../../core/elements/index.ts';
import { CatalogColumnsReader, packCatalog, unpackCatalog } from './catalog-columns.ts';

const base: ElementSet = parseElementSets(`0 ISS (ZARYA)
1 25544U 98067A   23282.71486326  .00020100  00000-0  35938-3 0  9998
2 25544  51.6410 121.2575 0005123  92.3190 358.8196 15.49983917419557
`).sets[0]!;

describe('catalogue columns', () => {
  it('unpack gives back every set exactly: numbers bit for bit, optional fields absent where they were', () => {
    const { name: _name, cosparId: _cospar, ...anonymous } = base;
    const sets: ElementSet[] = [
      base,
      { ...anonymous, norad: 5, meanMotionDdot: -0, bstar: 1e-300 },
      { ...base, norad: 99999, name: '', classification: 'S', inclination: (0.1 + 0.2) as ElementSet['inclination'] },
    ];
    const columns = packCatalog(sets);
    expect(columns.numbers.buffer).toBeInstanceOf(SharedArrayBuffer);
    const back = unpackCatalog(structuredClone(columns));
    expect(back).toEqual(sets);
    expect(Object.is(back[1]!.meanMotionDdot, -0)).toBe(true);
    expect('name' in back[1]!).toBe(false);
    expect(back.map((s) => Object.keys(s))).toEqual(sets.map((s) => Object.keys(s)));
  });

  it('carries a field that is not a number in every set as an array', () => {
    const odd = [base, { ...base, norad: 7, revAtEpoch: undefined as unknown as number }];
    const columns = packCatalog(odd);
    expect(columns.others.length).toBe(4); // name, cosparId, classification, revAtEpoch
    const back = unpackCatalog(columns);
    expect(back[0]).toEqual(base);
    expect('revAtEpoch' in back[1]!).toBe(false);
  });

  it('reads one set by NORAD id, a new object each time, like a Map of the sets', () => {
    const sets = [base, { ...base, norad: 5 }, { ...base, norad: 25544, revAtEpoch: 1 }];
    const reader = new CatalogColumnsReader(structuredClone(packCatalog(sets)));
    const map = new Map(sets.map((set) => [set.norad, set]));
    expect(reader.size).toBe(map.size);
    expect([...reader.keys()]).toEqual([...map.keys()]);
    expect(reader.get(25544)).toEqual(map.get(25544));
    expect(reader.get(5)).toEqual(map.get(5));
    expect(reader.get(5)).not.toBe(reader.get(5));
    expect(reader.get(6)).toBeUndefined();
  });

  it('reads a numeric field of a row in place, and names no slot for a field that is not a number in every set', () => {
    const sets = [base, { ...base, norad: 5, meanMotion: 1.00273791, bstar: -0 }];
    const reader = new CatalogColumnsReader(packCatalog(sets));
    const motion = reader.numericSlot('meanMotion');
    const bstar = reader.numericSlot('bstar');
    expect(reader.numberAt(reader.rowOf(5)!, motion)).toBe(1.00273791);
    expect(Object.is(reader.numberAt(reader.rowOf(5)!, bstar), -0)).toBe(true);
    expect(reader.numberAt(reader.rowOf(base.norad)!, motion)).toBe(base.meanMotion);
    expect(reader.numericSlot('name')).toBe(-1);
    expect(reader.numericSlot('cosparId')).toBe(-1);
    expect(reader.numericSlot('classification')).toBe(-1);
    expect(reader.numericSlot('no such field')).toBe(-1);
    expect(reader.rowOf(99999)).toBeUndefined();
  });

  it('packs an empty catalogue', () => {
    expect(unpackCatalog(packCatalog([]))).toEqual([]);
  });
});
