/**
 * The header search's ranking (object-views.ts searchCatalog): an exact NORAD number or COSPAR id
 * first, then names equal to or starting with the text, then NORAD numbers and COSPAR ids that
 * start with it, then names containing it; any case; limited, with the total.
 */
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../repositories/catalog-repository.ts';
import { searchCatalog } from './object-views.ts';

const entry = (noradId: number, name: string, cosparId: string | null): CatalogEntry =>
  ({
    object: { noradId, name, cosparId, objectType: 'payload', owner: null, rcsSize: null, rcsM2: null, massKg: null, launchDate: null, decayDate: null, category: null, mission: null, description: null, source: 'test' },
    set: {} as CatalogEntry['set'],
    setSource: 'test',
  }) as CatalogEntry;

const CATALOG = [
  entry(25544, 'ISS (ZARYA)', '1998-067A'),
  entry(49044, 'ISS (NAUKA)', '2021-066A'),
  entry(20580, 'HST', '1990-037B'),
  entry(2554, 'DELTA 1 DEB', '1966-087C'),
  entry(44444, 'MISSION ISS TEST', null),
  entry(43013, 'NOAA 20', '2017-073A'),
];
const names = (q: string, limit = 10) => searchCatalog(CATALOG, q, limit).items.map((i) => i.name);

describe('searchCatalog', () => {
  it('finds names by any part in any case, those starting with the text first', () => {
    expect(names('iss')).toEqual(['ISS (NAUKA)', 'ISS (ZARYA)', 'MISSION ISS TEST']);
    expect(names('Zarya')).toEqual(['ISS (ZARYA)']);
  });

  it('puts the exact NORAD number first, then numbers starting with the digits', () => {
    expect(names('2554')).toEqual(['DELTA 1 DEB', 'ISS (ZARYA)']);
    expect(names('25544')).toEqual(['ISS (ZARYA)']);
    expect(names('02554')).toEqual(['DELTA 1 DEB']);
  });

  it('finds COSPAR ids, exact or by their leading part', () => {
    expect(names('1998-067A')).toEqual(['ISS (ZARYA)']);
    expect(names('2017-073')).toEqual(['NOAA 20']);
    expect(names('1990-037b')).toEqual(['HST']);
  });

  it('limits the items and counts them all; nothing for blank text', () => {
    expect(searchCatalog(CATALOG, 'iss', 2)).toMatchObject({ total: 3, items: [{ name: 'ISS (NAUKA)' }, { name: 'ISS (ZARYA)' }] });
    expect(searchCatalog(CATALOG, '   ', 10)).toEqual({ total: 0, items: [] });
  });
});
