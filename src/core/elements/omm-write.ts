/**
 * OMM writers: element sets as CCSDS Orbit Mean-Elements Messages (CCSDS 502.0-B-3 "Orbit Data
 * Messages", §4) in KVN, in XML (the NDM/XML schema's <omm>: <header>, <body><segment>
 * <metadata>, <data> with <meanElements> and <tleParameters>), and as the JSON CelesTrak serves
 * (https://celestrak.org/NORAD/documentation/gp-data-formats.php: one object per set with the
 * OMM keywords, numbers as numbers, in the column order of CelesTrak's CSV). The inverse of
 * omm-kvn.ts, omm-xml.ts and omm-json.ts: a set written and read back is the same set.
 *
 * Values are written with the fewest digits that give back the same number (no rounding to TLE
 * columns: an OMM read with more digits keeps them). Metadata is fixed by what the values are:
 * SGP4 mean elements (MEAN_ELEMENT_THEORY = SGP4) in TEME (REF_FRAME), about the Earth
 * (CENTER_NAME), epochs in UTC (TIME_SYSTEM).
 */
import { formatUtc } from '../time/iso-time.ts';
import type { UtcMs } from '../units.ts';
import type { ElementSet } from './element-set.ts';

/** The OMM version the messages declare (CCSDS 502.0-B-3 is ODM version 3.0). */
export const OMM_VERSION = '3.0';
/** §4.2.2: OBJECT_ID when the international designator is not known. */
const UNKNOWN = 'UNKNOWN';

export interface OmmHeader {
  /** CREATION_DATE. */
  readonly creationDate: UtcMs;
  /** ORIGINATOR, e.g. "DATA FORGE". */
  readonly originator: string;
}

/** A real number as KVN and XML want it: the shortest text that reads back the same, exponent with E. */
function real(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`OMM values must be finite, got ${value}`);
  return String(value).replace('e', 'E');
}

/** The keywords of one set in CelesTrak's order: metadata-free, as in its JSON and CSV. */
export function ommRecord(set: ElementSet): Record<string, string | number> {
  return {
    OBJECT_NAME: set.name ?? UNKNOWN,
    OBJECT_ID: set.cosparId ?? UNKNOWN,
    EPOCH: formatUtc(set.epoch, 6),
    MEAN_MOTION: set.meanMotion,
    ECCENTRICITY: set.eccentricity,
    INCLINATION: set.inclination,
    RA_OF_ASC_NODE: set.raan,
    ARG_OF_PERICENTER: set.argPerigee,
    MEAN_ANOMALY: set.meanAnomaly,
    EPHEMERIS_TYPE: set.ephemerisType,
    CLASSIFICATION_TYPE: set.classification,
    NORAD_CAT_ID: set.norad,
    ELEMENT_SET_NO: set.elementSetNo,
    REV_AT_EPOCH: set.revAtEpoch,
    BSTAR: set.bstar,
    MEAN_MOTION_DOT: set.meanMotionDot,
    MEAN_MOTION_DDOT: set.meanMotionDdot,
  };
}

/** CelesTrak's OMM JSON: an array of records (ommRecord). */
export function writeOmmJson(sets: readonly ElementSet[]): string {
  return `${JSON.stringify(sets.map(ommRecord), null, 1)}\n`;
}

/** Units of the data keywords (§4.2.4, Table 4-3), as KVN writes them in brackets. */
const KVN_UNITS: Readonly<Record<string, string>> = {
  MEAN_MOTION: 'rev/day',
  INCLINATION: 'deg',
  RA_OF_ASC_NODE: 'deg',
  ARG_OF_PERICENTER: 'deg',
  MEAN_ANOMALY: 'deg',
  BSTAR: '1/ER',
  MEAN_MOTION_DOT: 'rev/day**2',
  MEAN_MOTION_DDOT: 'rev/day**3',
};

const MEAN_ELEMENTS = ['EPOCH', 'MEAN_MOTION', 'ECCENTRICITY', 'INCLINATION', 'RA_OF_ASC_NODE', 'ARG_OF_PERICENTER', 'MEAN_ANOMALY'] as const;
const TLE_PARAMETERS = ['EPHEMERIS_TYPE', 'CLASSIFICATION_TYPE', 'NORAD_CAT_ID', 'ELEMENT_SET_NO', 'REV_AT_EPOCH', 'BSTAR', 'MEAN_MOTION_DOT', 'MEAN_MOTION_DDOT'] as const;

function value(record: Record<string, string | number>, key: string): string {
  const v = record[key]!;
  return typeof v === 'number' ? real(v) : v;
}

/** One KVN OMM per set (§4.2), separated by a blank line. */
export function writeOmmKvn(sets: readonly ElementSet[], header: OmmHeader): string {
  return sets
    .map((set) => {
      const r = ommRecord(set);
      const lines = [
        `CCSDS_OMM_VERS = ${OMM_VERSION}`,
        `CREATION_DATE = ${formatUtc(header.creationDate, 3)}`,
        `ORIGINATOR = ${header.originator}`,
        '',
        `OBJECT_NAME = ${r.OBJECT_NAME}`,
        `OBJECT_ID = ${r.OBJECT_ID}`,
        'CENTER_NAME = EARTH',
        'REF_FRAME = TEME',
        'TIME_SYSTEM = UTC',
        'MEAN_ELEMENT_THEORY = SGP4',
        '',
        ...MEAN_ELEMENTS.map((k) => `${k} = ${value(r, k)}${KVN_UNITS[k] ? ` [${KVN_UNITS[k]}]` : ''}`),
        '',
        ...TLE_PARAMETERS.map((k) => `${k} = ${value(r, k)}${KVN_UNITS[k] ? ` [${KVN_UNITS[k]}]` : ''}`),
      ];
      return `${lines.join('\n')}\n`;
    })
    .join('\n');
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The NDM/XML of the sets: one <omm> per set in an <ndm> (as CelesTrak serves a group), elements unqualified. */
export function writeOmmXml(sets: readonly ElementSet[], header: OmmHeader): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ndm xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://sanaregistry.org/r/ndmxml_unqualified/ndmxml-3.0.0-master-3.0.xsd">',
  ];
  const element = (indent: number, key: string, text: string) => out.push(`${'  '.repeat(indent)}<${key}>${escapeText(text)}</${key}>`);
  for (const set of sets) {
    const r = ommRecord(set);
    out.push(`  <omm id="CCSDS_OMM_VERS" version="${OMM_VERSION}">`, '    <header>');
    element(3, 'CREATION_DATE', formatUtc(header.creationDate, 3));
    element(3, 'ORIGINATOR', header.originator);
    out.push('    </header>', '    <body>', '      <segment>', '        <metadata>');
    element(5, 'OBJECT_NAME', String(r.OBJECT_NAME));
    element(5, 'OBJECT_ID', String(r.OBJECT_ID));
    element(5, 'CENTER_NAME', 'EARTH');
    element(5, 'REF_FRAME', 'TEME');
    element(5, 'TIME_SYSTEM', 'UTC');
    element(5, 'MEAN_ELEMENT_THEORY', 'SGP4');
    out.push('        </metadata>', '        <data>', '          <meanElements>');
    for (const k of MEAN_ELEMENTS) element(6, k, value(r, k));
    out.push('          </meanElements>', '          <tleParameters>');
    for (const k of TLE_PARAMETERS) element(6, k, value(r, k));
    out.push('          </tleParameters>', '        </data>', '      </segment>', '    </body>', '  </omm>');
  }
  out.push('</ndm>');
  return `${out.join('\n')}\n`;
}
