import { describe, expect, it } from 'vitest';
import { importContentType, importUrl, summariseImport } from '@/lib/file-import';

describe('file imports on the Configuration screen', () => {
  it('sends each kind to its route with the file name, and the content type by extension', () => {
    expect(importUrl('elements', 'active gp.csv')).toBe('/api/catalog/import?name=active%20gp.csv');
    expect(importUrl('satcat', 'satcat.csv')).toBe('/api/catalog/import?kind=satcat&name=satcat.csv');
    expect(importUrl('space-weather', 'SW-All.csv')).toBe('/api/space-weather/import?name=SW-All.csv');
    expect(importUrl('cdm', 'a.xml')).toBe('/api/cdm/import?name=a.xml');
    expect(['a.tle', 'b.XML', 'c.json', 'd.csv', 'e.txt', 'none'].map(importContentType)).toEqual(['text/plain', 'application/xml', 'application/json', 'text/csv', 'text/plain', 'text/plain']);
  });

  it('tells an element-set import as sets added, already present, and rejected with line and NORAD id', () => {
    const report = {
      format: 'tle',
      records: 5,
      objectsAdded: 2,
      setsAdded: 3,
      duplicates: 1,
      rejected: 1,
      rejections: [{ line: 7, norad: '25544', reason: 'line 1 checksum 3 does not match the computed 7' }],
    };
    expect(summariseImport('elements', 200, report)).toEqual({
      ok: true,
      message: null,
      format: 'tle',
      added: 3,
      updated: null,
      present: 1,
      rejected: 1,
      rejections: [{ line: 7, what: '25544', reason: 'line 1 checksum 3 does not match the computed 7' }],
      unit: 'element sets',
    });
  });

  it('tells a SATCAT import as objects added and objects whose metadata it updated', () => {
    const report = { format: 'satcat', records: 10, objectsAdded: 4, setsAdded: 0, duplicates: 0, rejected: 2, rejections: [] };
    expect(summariseImport('satcat', 200, report)).toMatchObject({ ok: true, added: 4, updated: 4, present: 0, rejected: 2, unit: 'objects' });
  });

  it('tells a space-weather import in days, and a CDM import in messages', () => {
    const sw = {
      format: 'celestrak-sw-all',
      file: 'SW-All.csv',
      rows: 30,
      counts: { OBS: 20, INT: 0, PRD: 10, PRM: 0 },
      daysAdded: 25,
      daysUpdated: 3,
      daysUnchanged: 2,
      rejected: 1,
      rejections: [{ line: 12, reason: 'F10.7_OBS is not a number' }],
      firstDate: '2026-01-01',
      lastDate: '2026-01-30',
      lastObservedDate: '2026-01-20',
    };
    expect(summariseImport('space-weather', 200, sw)).toMatchObject({ ok: true, added: 25, updated: 3, present: 2, rejected: 1, rejections: [{ line: 12, what: null, reason: 'F10.7_OBS is not a number' }], unit: 'days' });
    const cdm = {
      imported: [
        { index: 0, messageId: 'A', originator: 'CARA', conjunctionId: 'CNJ-1', action: 'created', tca: '2021-03-24T15:10:47.417Z', collisionProbability: 0.02, pcMethod: 'pc2d', riskLevel: 'critical' },
        { index: 1, messageId: 'B', originator: 'CARA', conjunctionId: 'CNJ-1', action: 'updated', tca: '2021-03-24T15:10:47.417Z', collisionProbability: 0.02, pcMethod: 'pc2d', riskLevel: 'critical' },
      ],
      duplicates: [{ index: 2, messageId: 'C', conjunctionId: 'CNJ-1' }],
      rejected: [{ index: 3, line: 40, messageId: null, reason: 'TCA missing' }],
    };
    expect(summariseImport('cdm', 200, cdm)).toMatchObject({ ok: true, added: 1, updated: 1, present: 1, rejected: 1, rejections: [{ line: 40, what: 'message 4', reason: 'TCA missing' }], unit: 'messages' });
  });

  it('tells a refused file by the server message, with its rejections when the server gave them', () => {
    const failure = { message: 'No valid element sets; first problem at line 1: not a TLE', report: { format: 'tle', records: 1, objectsAdded: 0, setsAdded: 0, duplicates: 0, rejected: 1, rejections: [{ line: 1, reason: 'not a TLE' }] } };
    expect(summariseImport('elements', 400, failure)).toMatchObject({ ok: false, message: failure.message, rejected: 1, rejections: [{ line: 1, what: null, reason: 'not a TLE' }] });
    expect(summariseImport('cdm', 400, { message: 'No CDM in the body: empty' })).toMatchObject({ ok: false, message: 'No CDM in the body: empty', added: 0, unit: 'messages' });
    expect(summariseImport('satcat', 403, null)).toMatchObject({ ok: false, message: 'The server answered 403' });
  });
});
