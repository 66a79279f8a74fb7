import { describe, expect, it } from 'vitest';
import { objectTypeFromName, parseSatcatCsv } from './satcat.ts';

// Rows in CelesTrak's documented SATCAT CSV layout (satcat-format.php); values of
// VANGUARD 1 and the ISS as CelesTrak lists them.
const HEADER =
  'OBJECT_NAME,OBJECT_ID,NORAD_CAT_ID,OBJECT_TYPE,OPS_STATUS_CODE,OWNER,LAUNCH_DATE,LAUNCH_SITE,DECAY_DATE,PERIOD,INCLINATION,APOGEE,PERIGEE,RCS,DATA_STATUS_CODE,ORBIT_CENTER,ORBIT_TYPE';

describe('parseSatcatCsv', () => {
  it('reads owner, type, dates and RCS', () => {
    const text = [
      HEADER,
      'VANGUARD 1,1958-002B,5,PAY,,US,1958-03-17,AFETR,,132.73,34.25,3834,650,0.1220,,EA,ORB',
      'ISS (ZARYA),1998-067A,25544,PAY,+,ISS,1998-11-20,TYMSC,,92.9,51.64,422,418,399.0524,,EA,ORB',
      '"SL-16 R/B, test",1991-001B,21000,R/B,D,CIS,1991-01-01,TTMTR,1991-02-01,,,,,,,EA,IMP',
    ].join('\r\n');
    const { records, rejected } = parseSatcatCsv(text);
    expect(rejected).toEqual([]);
    expect(records[0]).toEqual({
      norad: 5,
      name: 'VANGUARD 1',
      cosparId: '1958-002B',
      objectType: 'payload',
      owner: 'US',
      launchDate: '1958-03-17',
      decayDate: null,
      rcsM2: 0.122,
    });
    expect(records[1]).toMatchObject({ norad: 25544, owner: 'ISS', rcsM2: 399.0524 });
    expect(records[2]).toMatchObject({ name: 'SL-16 R/B, test', objectType: 'rocket_body', decayDate: '1991-02-01', rcsM2: null });
  });

  it('rejects bad rows one by one with a reason and keeps the good ones', () => {
    const text = [
      HEADER,
      'GOOD,2000-001A,26000,PAY,,US,2000-01-01,AFETR,,,,,,,,EA,ORB',
      'BAD TYPE,2000-001B,26001,SAT,,US,2000-01-01,AFETR,,,,,,,,EA,ORB',
      'BAD ID,2000-001C,abc,PAY,,US,2000-01-01,AFETR,,,,,,,,EA,ORB',
      'BAD DATE,2000-001D,26003,DEB,,US,01/01/2000,AFETR,,,,,,,,EA,ORB',
      'BAD RCS,2000-001E,26004,DEB,,US,2000-01-01,AFETR,,,,,,-3,,EA,ORB',
    ].join('\n');
    const { records, rejected } = parseSatcatCsv(text);
    expect(records.map((r) => r.norad)).toEqual([26000]);
    expect(rejected.map((r) => [r.line, r.reason.split(' ')[0]])).toEqual([
      [3, 'OBJECT_TYPE'],
      [4, 'NORAD_CAT_ID'],
      [5, 'LAUNCH_DATE'],
      [6, 'RCS'],
    ]);
  });

  it('refuses a file that is not a SATCAT', () => {
    expect(parseSatcatCsv('a,b,c\n1,2,3').rejected[0]?.reason).toMatch(/not a SATCAT CSV/);
  });
});

describe('objectTypeFromName', () => {
  it.each([
    ['COSMOS 1408 DEB', 'debris'],
    ['SL-16 R/B', 'rocket_body'],
    ['TBA - TO BE ASSIGNED', 'unknown'],
    ['OBJECT A', 'unknown'],
    ['STARLINK-1007', 'payload'],
  ])('%s is %s', (name, type) => expect(objectTypeFromName(name)).toBe(type));
});
