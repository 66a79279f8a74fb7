/**
 * Conjunction messages as Space-Track serves them in JSON: an array of flat records (or one record),
 * values as strings, null (or "") for an absent value. Two classes:
 *
 * `cdm_public` (anyone may query it): CDM_ID, CREATED, EMERGENCY_REPORTABLE, TCA, MIN_RNG, PC,
 * SAT_1_ID, SAT_1_NAME, SAT1_OBJECT_TYPE, SAT1_RCS, SAT_1_EXCL_VOL, and the same for SAT_2 / SAT2.
 * Field names from milad665/AstroWatch.SpaceTrack
 * src/AstroWatch.SpaceTrack/BasicSpaceData/Classes/ConjunctionDataMessagePublic.cs
 * @0faf56952596e8a018b6aba9566c395bc092f728, and checked against records Space-Track served:
 * gamergenic/ConjunctionService node/ConjunctionService/cache/space-track-results-cache.json
 * @e1fb9a003e2f557d11edc663ac41cefbd3c7360f (May 2022 answers of basicspacedata/query/class/cdm_public:
 * `"CREATED":"2022-05-18 11:40:49.000000"`, `"TCA":"2022-05-20T10:34:33.911000"`, `"SAT2_RCS":null`).
 * MIN_RNG is in metres: those records pair MIN_RNG "39" with PC "0.00263681" and "165" with
 * "0.0003956262", probabilities only a miss of metres can give (a miss of 39 km gives ~0).
 * These records carry no states or covariances, so they give a summary and `cdm: null`.
 *
 * `cdm` (operators with a sharing agreement): every CCSDS 508.0-B-1 keyword as a flat key, the
 * header and relative ones as named (MESSAGE_ID, TCA, MISS_DISTANCE, …), each object's prefixed
 * SAT1_ / SAT2_ (SAT1_OBJECT_DESIGNATOR, SAT1_X, SAT1_CR_R, …), units in companion keys
 * (MISS_DISTANCE_UNIT = "m", SAT1_X_UNIT = "km"), comments flattened into named keys
 * (COMMENT_EMERGENCY_REPORTABLE, COMMENT_SCREENING_OPTION, COMMENT_EFFECTIVE_HBR,
 * SAT1_COMMENT_EXCLUSION_VOLUME_RADIUS, SAT1_COMMENT_APOGEE, SAT1_COMMENT_DCP_…), Space-Track's own
 * CDM_ID, FILENAME, INSERT_EPOCH, CONSTELLATION, GID beside them, times as "yyyy-mm-dd hh:mm:ss"
 * with the fraction either in the text or in a companion key (TCA_FRACTION, CREATION_DATE_FRACTION,
 * SAT1_TIME_LASTOB_START_FRACTION). Sources: OKAPIOrbits/OkapiJavaConnector
 * src/main/java/com/okapiorbits/platform/science/jobs/json/SpaceTrackCdm.java
 * @7e077393f89c45d100bfc43a15f8dbed53221983 ("A CDM - with adaptions to what SpaceTrack produces",
 * TCA_FRACTION: "Extension of the TCA adding milliseconds"), its example record in
 * src/main/java/com/okapiorbits/platform/OkapiConnectorTryout.java, and milad665/AstroWatch.SpaceTrack
 * …/Classes/ConjunctionDataMessage.cs (the client of class "cdm",
 * …/Clients/ConjunctionDataMessageClient.cs) with …/Common/Json/SpaceTrackCustomDateTimeNullableConverter.cs
 * ("yyyy-MM-dd H:mm:ss", a 'T' form, an optional fraction). Such a record is rebuilt as the keyword
 * lists of keyword-blocks.ts, so decode.ts checks it as it checks KVN and XML, and gives a full Cdm.
 */
import type { UtcMs } from '../units.ts';
import { CDM_OBJECT_TYPES } from './cdm.ts';
import { CdmError } from './cdm-error.ts';
import { decodeCdm, enumText } from './decode.ts';
import { noradIdOf } from './designators.ts';
import { hardBodyRadiusOfComment, hardBodyRadiusOfField } from './hard-body-radius.ts';
import { emptyBlock, emptyObject, type KeywordField, type KeywordMessage, type ObjectBlocks } from './keyword-blocks.ts';
import { sectionOf } from './keywords.ts';
import { summaryOfCdm, type CdmFileRejection, type CdmSummary, type ReceivedCdm, type ReceivedObject } from './received-cdm.ts';
import { parseDouble, parseTime } from './values.ts';

type JsonRecord = Readonly<Record<string, unknown>>;

/** The originator given to cdm_public records that name none: the service they came from. */
export const SPACE_TRACK = 'SPACE-TRACK';

/** Table 3-3 OBJECT_TYPE values, compared as decode.ts compares them (enumText: §6.3.2.5, '_' equals a blank). */
const OBJECT_TYPES: ReadonlySet<string> = new Set(CDM_OBJECT_TYPES);

/** A field's text: strings trimmed, numbers and booleans as written; null, "" and anything else mean absent. */
function valueOf(record: JsonRecord, key: string): string | undefined {
  const value = record[key];
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
  return text === '' ? undefined : text;
}

/**
 * A field's text; a time with its companion _FRACTION key (SpaceTrackCdm.java: "TCA":"2019-03-17 09:28:20",
 * "TCA_FRACTION":"23"), used only when the text has no fraction of its own. Read as the schema's
 * description says, a count of milliseconds ("Extension of the TCA adding milliseconds") when it has
 * up to three digits; longer, as the digits after the decimal point.
 */
function withFraction(record: JsonRecord, key: string): string | undefined {
  const text = valueOf(record, key);
  const fraction = valueOf(record, `${key}_FRACTION`);
  if (text === undefined || fraction === undefined || !/^\d+$/.test(fraction) || /:\d{2}\.\d/.test(text)) return text;
  return `${text}.${fraction.length <= 3 ? fraction.padStart(3, '0') : fraction}`;
}

/** Which `cdm` class comment keys go to which block: where CARA's KVN writes the same comments (shared/reference/cdm/cara). */
function objectCommentBlock(name: string): keyof ObjectBlocks {
  if (name === 'COMMENT_SCREENING_DATA_SOURCE') return 'metadata';
  if (/^COMMENT_(APOGEE|PERIGEE|INCLINATION|OPERATOR_HARD_BODY_RADIUS)$/.test(name)) return 'additionalParameters';
  if (name.startsWith('COMMENT_DCP')) return 'stateVector';
  return 'data'; // COVARIANCE_SCALE_FACTOR, EXCLUSION_VOLUME_RADIUS, … (CARA writes them after the metadata)
}

function field(record: JsonRecord, key: string, keyword: string, value: string): KeywordField {
  const unit = valueOf(record, `${key}_UNIT`);
  return unit === undefined ? { keyword, value } : { keyword, value, unit };
}

/**
 * COMMENT_EFFECTIVE_HBR as a relative-data comment. Where its value is not already a comment
 * hard-body-radius.ts reads ("HBR = 15 [m]") but is a radius all the same (a bare "7", "7 m"), it
 * is written in CARA's form, "HBR = 7 [m]", so that cdmHardBodyRadius, and with it the Pc and the
 * summary, take the message's HBR as they do for a KVN CDM (shared/reference/cdm/README.md).
 */
function effectiveHbrComment(value: string): string {
  if (hardBodyRadiusOfComment(value) !== undefined) return value;
  const hbrM = hardBodyRadiusOfField(value);
  return hbrM === undefined ? value : `HBR = ${hbrM} [m]`;
}

/** The keyword lists of a `cdm` class record, for decodeCdm. Keys that are no CDM keyword (Space-Track's own) are left out. */
function spaceTrackKeywordMessage(record: JsonRecord): KeywordMessage {
  const header = emptyBlock();
  const relative = emptyBlock();
  const objects: [ObjectBlocks, ObjectBlocks] = [emptyObject(), emptyObject()];
  for (const key of Object.keys(record)) {
    if (/_(UNIT|FRACTION)$/.test(key)) continue; // read with their keyword
    const value = withFraction(record, key);
    if (value === undefined) continue;
    const sat = /^SAT([12])_(.+)$/.exec(key);
    if (sat) {
      const object = objects[sat[1] === '1' ? 0 : 1];
      const name = sat[2]!;
      if (name.startsWith('COMMENT')) {
        object[objectCommentBlock(name)].comments.push(value);
        continue;
      }
      const section = sectionOf(name);
      if (section === undefined || section === 'header' || section === 'relative') continue; // SAT1_RCS and the like
      // Space-Track writes TBA (to be assigned) where 508.0-B-1 Table 3-3 has no such OBJECT_TYPE: left out of the
      // message (the keyword is optional) and kept in the summary (SpaceTrackCdm.java example: "SAT2_OBJECT_TYPE":"TBA").
      if (name === 'OBJECT_TYPE' && !OBJECT_TYPES.has(enumText(value))) continue;
      object[section].fields.push(field(record, key, name, value));
    } else if (key === 'COMMENT' || key.startsWith('COMMENT_')) {
      // The ION SCV-008 CSpOC KVN (shared/reference/cdm) has "MEETS EMERGENCY CRITERIA" in its header and
      // "Screening Option = Covariance" with the relative data.
      if (key === 'COMMENT_EMERGENCY_REPORTABLE') header.comments.push(value);
      else relative.comments.push(key === 'COMMENT_EFFECTIVE_HBR' ? effectiveHbrComment(value) : value);
    } else {
      const section = sectionOf(key);
      if (section === 'header') header.fields.push(field(record, key, key, value));
      else if (section === 'relative') relative.fields.push(field(record, key, key, value));
    }
  }
  objects.forEach((object, i) => {
    if (!object.metadata.fields.some((f) => f.keyword === 'OBJECT')) object.metadata.fields.unshift({ keyword: 'OBJECT', value: `OBJECT${i + 1}` });
  });
  return { header, relative, objects };
}

/** Is this a `cdm` class record (CCSDS keywords) rather than a `cdm_public` one? */
function isFullRecord(record: JsonRecord): boolean {
  return ['CCSDS_CDM_VERS', 'MESSAGE_ID', 'SAT1_OBJECT_DESIGNATOR', 'SAT1_X'].some((key) => key in record);
}

function isPublicRecord(record: JsonRecord): boolean {
  return ['CDM_ID', 'SAT_1_ID', 'MIN_RNG'].some((key) => key in record);
}

/** COMMENT_EFFECTIVE_HBR (AstroWatch ConjunctionDataMessage.cs) of a cdm_public record, in metres; a full record carries it as a comment instead. */
function hbrOfRecord(record: JsonRecord): number | null {
  const text = valueOf(record, 'COMMENT_EFFECTIVE_HBR');
  return text === undefined ? null : (hardBodyRadiusOfField(text) ?? null);
}

function rejection(index: number, messageId: string | undefined, reason: string): CdmFileRejection {
  return { index, line: null, messageId: messageId ?? null, reason };
}

function fullRecord(record: JsonRecord, index: number): ReceivedCdm | CdmFileRejection {
  const messageId = valueOf(record, 'MESSAGE_ID') ?? valueOf(record, 'CDM_ID');
  let cdm;
  try {
    cdm = decodeCdm(spaceTrackKeywordMessage(record));
  } catch (error) {
    if (!(error instanceof CdmError)) throw error;
    // Faults name the CCSDS keyword; in the record it is SAT1_/SAT2_-prefixed when it belongs to an object.
    return rejection(index, messageId, `Space-Track cdm record: ${error.message}`);
  }
  const summary = summaryOfCdm(cdm);
  const rawType = (n: 1 | 2, object: ReceivedObject): ReceivedObject =>
    object.objectType === null ? { ...object, objectType: valueOf(record, `SAT${n}_OBJECT_TYPE`) ?? null } : object;
  return {
    index,
    format: 'json',
    line: null,
    text: JSON.stringify(record),
    cdm,
    summary: { ...summary, object1: rawType(1, summary.object1), object2: rawType(2, summary.object2) },
  };
}

function publicRecord(record: JsonRecord, index: number): ReceivedCdm | CdmFileRejection {
  const messageId = valueOf(record, 'CDM_ID');
  const fail = (reason: string) => rejection(index, messageId, `Space-Track cdm_public record: ${reason}`);
  if (messageId === undefined) return fail('CDM_ID is missing');
  const time = (key: string): UtcMs | string => {
    const text = valueOf(record, key);
    if (text === undefined) return `${key} is missing`;
    return parseTime(text) ?? `${key} '${text}' is not a UTC time`;
  };
  const tca = time('TCA');
  if (typeof tca === 'string') return fail(tca);
  const created = time('CREATED');
  if (typeof created === 'string') return fail(created);
  const number = (key: string, required: boolean, check: (v: number) => boolean, what: string): number | null | string => {
    const text = valueOf(record, key);
    if (text === undefined) return required ? `${key} is missing` : null;
    const value = parseDouble(text);
    return value !== undefined && check(value) ? value : `${key} '${text}' is not ${what}`;
  };
  const miss = number('MIN_RNG', true, (v) => v >= 0, 'a distance in metres');
  if (typeof miss === 'string') return fail(miss);
  const pc = number('PC', false, (v) => v >= 0 && v <= 1, 'a probability');
  if (typeof pc === 'string') return fail(pc);
  const objects: ReceivedObject[] = [];
  for (const n of [1, 2] as const) {
    const designator = valueOf(record, `SAT_${n}_ID`);
    if (designator === undefined) return fail(`SAT_${n}_ID is missing`);
    const noradId = noradIdOf(designator);
    if (noradId === null) return fail(`SAT_${n}_ID '${designator}' is not a catalogue number`);
    objects.push({ noradId, designator, name: valueOf(record, `SAT_${n}_NAME`) ?? null, internationalDesignator: null, objectType: valueOf(record, `SAT${n}_OBJECT_TYPE`) ?? null });
  }
  const summary: CdmSummary = {
    messageId,
    // No source read shows who made a cdm_public record; EMITTER / ORIGINATOR are taken if a record has one.
    originator: valueOf(record, 'EMITTER') ?? valueOf(record, 'ORIGINATOR') ?? SPACE_TRACK,
    creationDate: created,
    tca,
    missDistanceM: miss as number,
    relativeSpeedMPerS: null,
    collisionProbability: pc,
    collisionProbabilityMethod: null,
    hbrM: hbrOfRecord(record),
    object1: objects[0]!,
    object2: objects[1]!,
  };
  return { index, format: 'json', line: null, text: JSON.stringify(record), cdm: null, summary };
}

/** One record of a Space-Track answer: decoded, or rejected with its index and reason. */
export function readSpaceTrackRecord(record: unknown, index: number): ReceivedCdm | CdmFileRejection {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return rejection(index, undefined, `record ${index} is ${Array.isArray(record) ? 'an array' : JSON.stringify(record)}, not a Space-Track conjunction record (an object of fields)`);
  }
  const fields = record as JsonRecord;
  if (isFullRecord(fields)) return fullRecord(fields, index);
  if (isPublicRecord(fields)) return publicRecord(fields, index);
  const keys = Object.keys(fields).slice(0, 5).join(', ');
  return rejection(
    index,
    undefined,
    `record ${index} is neither a Space-Track cdm record (CCSDS keywords: MESSAGE_ID, TCA, SAT1_OBJECT_DESIGNATOR, …) nor a cdm_public one (CDM_ID, TCA, MIN_RNG, SAT_1_ID, …); its fields: ${keys || 'none'}`,
  );
}
