/**
 * Keyword lists (keyword-blocks.ts) → the typed CDM (cdm.ts), checking what CCSDS 508.0-B-1
 * asks of the content whatever the form: only the keywords of each table (§6.3.1.3), each once,
 * obligatory ones present and non-empty (§6.2.3.1), units as the tables give them (§6.2.4.1;
 * compared ignoring case and blanks, and a missing unit is accepted), values of the right kind
 * (§6.3.2), the covariance 6×6 plus whole optional rows (§5.2.8), one REF_FRAME for both objects
 * (Table 3-3). Every fault is a CdmError naming the line and keyword.
 */
import { CDM_VERSION, type Cdm, type CdmCovariance, type CdmHeader, type CdmObject, type CdmObjectData, type CdmObjectMetadata, type CdmRelativeMetadata, type CdmStateVector, type SymmetricMatrix } from './cdm.ts';
import { CdmError } from './cdm-error.ts';
import type { KeywordBlock, KeywordField, KeywordMessage, ObjectBlocks } from './keyword-blocks.ts';
import { isEmptyBlock } from './keyword-blocks.ts';
import {
  ADDITIONAL_PARAMETER_KEYWORDS,
  COVARIANCE_KEYWORDS,
  HEADER_KEYWORDS,
  METADATA_KEYWORDS,
  OD_PARAMETER_KEYWORDS,
  RELATIVE_KEYWORDS,
  STATE_VECTOR_KEYWORDS,
  type KeywordSpec,
} from './keywords.ts';
import { parseDouble, parseInteger, parseTime } from './values.ts';

const normalUnit = (unit: string) => unit.replace(/\s+/g, '').toLowerCase();

/** Checks a field's unit against the table's (§6.2.4.1). "[n/a]" (§6.2.4.2 forbids it) is let through as no unit. */
function checkUnit(field: KeywordField, expected: string | undefined): void {
  if (field.unit === undefined || normalUnit(field.unit) === 'n/a' || field.unit.trim() === '') return;
  if (expected === undefined) throw new CdmError(`takes no units, found [${field.unit}]`, field);
  if (normalUnit(field.unit) !== normalUnit(expected)) throw new CdmError(`is in [${field.unit}], 508.0-B-1 requires [${expected}]`, field);
}

/** A text value as enumerated values are compared (§6.3.2.5: an underscore equals a blank, runs of blanks equal one; case ignored). */
export function enumText(text: string): string {
  return text.toUpperCase().replace(/_/g, ' ').replace(/\s+/g, ' ');
}

/** One field's value as its kind says, or a CdmError. */
function parseValue(field: KeywordField, spec: { kind: string; values?: readonly string[] }): string | number {
  const text = field.value;
  switch (spec.kind) {
    case 'double': {
      const value = parseDouble(text);
      if (value === undefined) throw new CdmError(`'${text}' is not a number`, field);
      return value;
    }
    case 'integer': {
      const value = parseInteger(text);
      if (value === undefined) throw new CdmError(`'${text}' is not an integer`, field);
      return value;
    }
    case 'time': {
      const value = parseTime(text);
      if (value === undefined) throw new CdmError(`'${text}' is not a UTC time (yyyy-mm-ddThh:mm:ss.fff or yyyy-dddThh:mm:ss.fff, 508.0-B-1 §6.3.2.6)`, field);
      return value;
    }
    case 'enum': {
      const value = enumText(text);
      if (!spec.values!.includes(value)) throw new CdmError(`'${text}' is not one of ${spec.values!.join(', ')}`, field);
      return value;
    }
    default:
      return text;
  }
}

/**
 * The values of one block as a record keyed by model field (3-vectors assembled from their
 * components). `where` names the block in messages; `table` is the 508.0-B-1 table it obeys.
 */
function decodeBlock<T>(block: KeywordBlock, specs: readonly KeywordSpec<T>[], where: string, table: string): Record<string, unknown> {
  const byKeyword = new Map(specs.map((s) => [s.keyword, s]));
  const seen = new Map<string, KeywordField>();
  const out: Record<string, unknown> = {};
  const vectors = new Map<string, (number | undefined)[]>();
  for (const field of block.fields) {
    const spec = byKeyword.get(field.keyword);
    if (!spec) throw new CdmError(`is not a keyword of the ${where} (CCSDS 508.0-B-1 ${table})`, field);
    const first = seen.get(field.keyword);
    if (first) throw new CdmError(`appears twice in the ${where}${first.line === undefined ? '' : ` (first on line ${first.line})`}`, field);
    seen.set(field.keyword, field);
    checkUnit(field, spec.unit);
    if (field.value === '') {
      if (spec.obligatory) throw new CdmError('obligatory keyword has no value (508.0-B-1 §6.2.3.1)', field);
      continue;
    }
    const value = parseValue(field, spec);
    if (spec.index === undefined) out[spec.field] = value;
    else {
      const vector = vectors.get(spec.field) ?? [undefined, undefined, undefined];
      vector[spec.index] = value as number;
      vectors.set(spec.field, vector);
    }
  }
  for (const [name, vector] of vectors) {
    const missing = specs.filter((s) => s.field === name && vector[s.index!] === undefined).map((s) => s.keyword);
    if (missing.length > 0) throw new CdmError(`the ${where} gives only part of a vector: ${missing.join(', ')} missing`, { ...(block.line === undefined ? {} : { line: block.line }), keyword: missing[0]! });
    out[name] = vector as unknown as readonly [number, number, number];
  }
  for (const spec of specs) {
    if (spec.obligatory && out[spec.field] === undefined) {
      throw new CdmError(`obligatory keyword is missing from the ${where} (CCSDS 508.0-B-1 ${table})`, { ...(block.line === undefined ? {} : { line: block.line }), keyword: spec.keyword });
    }
  }
  return out;
}

/** A record without its undefined entries, as the model's optional fields are absent rather than undefined. */
function compact<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}

function decodeCovariance(block: KeywordBlock, where: string): CdmCovariance {
  const byKeyword = new Map(COVARIANCE_KEYWORDS.map((k) => [k.keyword, k]));
  const values = new Map<string, number>();
  const lines = new Map<string, KeywordField>();
  for (const field of block.fields) {
    const spec = byKeyword.get(field.keyword);
    if (!spec) throw new CdmError(`is not a covariance keyword (CCSDS 508.0-B-1 Table 3-4)`, field);
    const first = lines.get(field.keyword);
    if (first) throw new CdmError(`appears twice in the ${where}${first.line === undefined ? '' : ` (first on line ${first.line})`}`, field);
    lines.set(field.keyword, field);
    checkUnit(field, spec.unit);
    if (field.value === '') continue;
    const value = parseDouble(field.value);
    if (value === undefined) throw new CdmError(`'${field.value}' is not a number`, field);
    values.set(field.keyword, value);
  }
  const highestRow = Math.max(5, ...COVARIANCE_KEYWORDS.filter((k) => values.has(k.keyword)).map((k) => k.row));
  const size = highestRow + 1;
  const at = block.line === undefined ? {} : { line: block.line };
  for (const k of COVARIANCE_KEYWORDS) {
    if (k.row >= size || values.has(k.keyword)) continue;
    if (k.row < 6) throw new CdmError(`obligatory keyword is missing from the ${where} (CCSDS 508.0-B-1 Table 3-4)`, { ...at, keyword: k.keyword });
    throw new CdmError(`the ${where} gives part of row ${k.row + 1}–${size}: every element of a row, and of the rows before it, is required (508.0-B-1 §5.2.8)`, { ...at, keyword: k.keyword });
  }
  const rtn: number[][] = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const k of COVARIANCE_KEYWORDS) {
    if (k.row >= size) continue;
    const value = values.get(k.keyword)!;
    rtn[k.row]![k.column] = value;
    rtn[k.column]![k.row] = value;
  }
  return { comments: [...block.comments], rtn: rtn as SymmetricMatrix };
}

function decodeObject(blocks: ObjectBlocks, expected: 'OBJECT1' | 'OBJECT2'): CdmObject {
  const label = expected === 'OBJECT1' ? 'Object1' : 'Object2';
  const metadata = compact({
    comments: [...blocks.metadata.comments],
    ...decodeBlock(blocks.metadata, METADATA_KEYWORDS, `${label} metadata`, 'Table 3-3'),
  }) as unknown as CdmObjectMetadata;
  if (metadata.object !== expected) {
    const field = blocks.metadata.fields.find((f) => f.keyword === 'OBJECT');
    throw new CdmError(`is ${metadata.object} where ${expected} belongs: Object1's section comes first`, { ...(field?.line === undefined ? {} : { line: field.line }), keyword: 'OBJECT' });
  }
  const od = decodeBlock(blocks.odParameters, OD_PARAMETER_KEYWORDS, `${label} OD parameters`, 'Table 3-4');
  const additional = decodeBlock(blocks.additionalParameters, ADDITIONAL_PARAMETER_KEYWORDS, `${label} additional parameters`, 'Table 3-4');
  const state = decodeBlock(blocks.stateVector, STATE_VECTOR_KEYWORDS, `${label} state vector`, 'Table 3-4');
  const data: CdmObjectData = compact({
    comments: [...blocks.data.comments],
    odParameters: isEmptyBlock(blocks.odParameters) ? undefined : compact({ comments: [...blocks.odParameters.comments], ...od }),
    additionalParameters: isEmptyBlock(blocks.additionalParameters) ? undefined : compact({ comments: [...blocks.additionalParameters.comments], ...additional }),
    stateVector: { comments: [...blocks.stateVector.comments], ...state } as unknown as CdmStateVector,
    covariance: decodeCovariance(blocks.covarianceMatrix, `${label} covariance`),
  }) as CdmObjectData;
  return { metadata, data };
}

/** The typed CDM of a keyword message, or a CdmError. */
export function decodeCdm(message: KeywordMessage): Cdm {
  const header = compact({ comments: [...message.header.comments], ...decodeBlock(message.header, HEADER_KEYWORDS, 'header', 'Table 3-1') }) as unknown as CdmHeader;
  if (!/^1\.\d+$/.test(header.version)) {
    const field = message.header.fields.find((f) => f.keyword === 'CCSDS_CDM_VERS');
    throw new CdmError(`version '${header.version}' is not supported: this reader implements CDM ${CDM_VERSION} (CCSDS 508.0-B-1)`, { ...(field?.line === undefined ? {} : { line: field.line }), keyword: 'CCSDS_CDM_VERS' });
  }
  const relative = compact({ comments: [...message.relative.comments], ...decodeBlock(message.relative, RELATIVE_KEYWORDS, 'relative metadata/data', 'Table 3-2') }) as unknown as CdmRelativeMetadata;
  const fieldOf = (keyword: string) => message.relative.fields.find((f) => f.keyword === keyword) ?? { keyword };
  if (relative.missDistanceM < 0) throw new CdmError(`${relative.missDistanceM} is negative: a miss distance is a norm`, fieldOf('MISS_DISTANCE'));
  const pc = relative.collisionProbability;
  if (pc !== undefined && !(pc >= 0 && pc <= 1)) throw new CdmError(`${pc} is not a probability (0 ≤ p ≤ 1, Table 3-2)`, fieldOf('COLLISION_PROBABILITY'));
  if (message.objects.length !== 2) {
    throw new CdmError(`a CDM describes two objects (OBJECT = OBJECT1 and OBJECT = OBJECT2, 508.0-B-1 §3.4); found ${message.objects.length}`, { keyword: 'OBJECT' });
  }
  const object1 = decodeObject(message.objects[0]!, 'OBJECT1');
  const object2 = decodeObject(message.objects[1]!, 'OBJECT2');
  if (object1.metadata.refFrame !== object2.metadata.refFrame) {
    const field = message.objects[1]!.metadata.fields.find((f) => f.keyword === 'REF_FRAME');
    throw new CdmError(`Object1 is in ${object1.metadata.refFrame} and Object2 in ${object2.metadata.refFrame}: Table 3-3 requires the same frame for both`, {
      ...(field?.line === undefined ? {} : { line: field.line }),
      keyword: 'REF_FRAME',
    });
  }
  return { header, relative, object1, object2 };
}
