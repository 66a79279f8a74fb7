import { describe, expect, it } from 'vitest';
import { TEST_RECORDS } from '@/test/sst-fixtures';
import { distinctCategories, filterSatellites, indexSatellites, isOfeqSatellite, ofeqSatelliteIds } from '@/lib/satellite-filter';

const index = indexSatellites(TEST_RECORDS);
const names = (search: string, category = 'all') => filterSatellites(index, search, category).map((record) => record.name);

describe('filterSatellites (spec §5)', () => {
  it('returns every record for an empty search and category all', () => {
    expect(names('')).toHaveLength(TEST_RECORDS.length);
    expect(names('   ')).toHaveLength(TEST_RECORDS.length);
  });

  it('matches the name case-insensitively', () => {
    expect(names('ofeq')).toEqual(['OFEQ-16', 'OFEQ-11', 'OFEQ-7 DEB']);
    expect(names('zArYa')).toEqual(['ISS (ZARYA)']);
  });

  it('matches the NORAD id', () => {
    expect(names('25544')).toEqual(['ISS (ZARYA)']);
    expect(names('4479')).toEqual(['AMOS-17', 'COSMOS 2542']);
  });

  it('matches the COSPAR id case-insensitively, and ignores surrounding spaces', () => {
    expect(names('1998-067a')).toEqual(['ISS (ZARYA)']);
    expect(names(' 1999-025AAB ')).toEqual(['FENGYUN 1C DEB']);
  });

  it('filters by category case-insensitively; all (any case) means no filter', () => {
    expect(names('', 'military')).toEqual(['OFEQ-16', 'OFEQ-11', 'Ofek-5', 'TECSAR']);
    expect(names('', 'MILITARY')).toEqual(['OFEQ-16', 'OFEQ-11', 'Ofek-5', 'TECSAR']);
    expect(names('', 'ALL')).toHaveLength(TEST_RECORDS.length);
    expect(names('', 'rocket_body')).toEqual(['SL-16 R/B']);
  });

  it('combines search and category', () => {
    expect(names('ofeq', 'debris')).toEqual(['OFEQ-7 DEB']);
    expect(names('ofeq', 'payload')).toEqual([]);
  });

  it('never matches a record without a category to a named category', () => {
    expect(names('UNKNOWN', 'payload')).toEqual([]);
    expect(names('UNKNOWN')).toEqual(['UNKNOWN OBJECT']);
  });
});

describe('distinctCategories', () => {
  it('lists each category once, case-insensitively, alphabetically, without null', () => {
    expect(distinctCategories(TEST_RECORDS)).toEqual(['commercial', 'debris', 'military', 'payload', 'rocket_body', 'scientific']);
  });
});

describe('Select OFEQ (DECISIONS §3)', () => {
  it('takes fleet satellites whose name contains OFEQ or OFEK, in any case', () => {
    expect(TEST_RECORDS.filter(isOfeqSatellite).map((record) => record.name)).toEqual(['OFEQ-16', 'OFEQ-11', 'Ofek-5']);
    expect(ofeqSatelliteIds(TEST_RECORDS)).toEqual([190016, 190011, 190005]);
  });

  it('leaves out catalogue objects that are not fleet satellites, such as OFEQ debris', () => {
    expect(isOfeqSatellite({ id: 1, name: 'OFEQ-7 DEB', noradId: '1', cosparId: null, category: 'debris' })).toBe(false);
    expect(isOfeqSatellite({ id: 2, name: 'OFEQ-9', noradId: '2', cosparId: null, category: null })).toBe(false);
  });
});
