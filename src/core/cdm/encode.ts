/**
 * The typed CDM → keyword lists in the fixed order of the 508.0-B-1 tables (§6.3.1.9), values
 * formatted as §6.3.2 asks and units as the tables give them. The KVN and XML writers render these.
 */
import type { Cdm, CdmCovariance, CdmObject } from './cdm.ts';
import { CdmError } from './cdm-error.ts';
import { emptyBlock, type KeywordBlock, type KeywordMessage, type ObjectBlocks } from './keyword-blocks.ts';
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
import { formatDouble, formatInteger, formatTime } from './values.ts';
import type { UtcMs } from '../units.ts';

function formatValue(spec: KeywordSpec<unknown>, value: unknown): string {
  switch (spec.kind) {
    case 'double':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new CdmError(`${String(value)} is not a finite number`, { keyword: spec.keyword });
      return formatDouble(value);
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) throw new CdmError(`${String(value)} is not an integer`, { keyword: spec.keyword });
      return formatInteger(value);
    case 'time':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new CdmError(`${String(value)} is not a time`, { keyword: spec.keyword });
      return formatTime(value as UtcMs);
    case 'enum':
      if (typeof value !== 'string' || !spec.values!.includes(value)) throw new CdmError(`'${String(value)}' is not one of ${spec.values!.join(', ')}`, { keyword: spec.keyword });
      return value;
    default: {
      const text = String(value).trim();
      // A KVN value is one line (§6.3.1.4); an obligatory one must not be empty (§6.2.3.1).
      if (/[\r\n]/.test(text)) throw new CdmError('a value cannot span lines', { keyword: spec.keyword });
      if (text === '' && spec.obligatory) throw new CdmError('obligatory keyword has no value (508.0-B-1 §6.2.3.1)', { keyword: spec.keyword });
      return text;
    }
  }
}

function encodeBlock<T>(record: T, specs: readonly KeywordSpec<T>[], comments: readonly string[]): KeywordBlock {
  const block = emptyBlock();
  block.comments.push(...comments);
  for (const spec of specs) {
    const whole = (record as Record<string, unknown>)[spec.field];
    const value = spec.index === undefined ? whole : (whole as readonly number[] | undefined)?.[spec.index];
    if (value === undefined) {
      if (spec.obligatory) throw new CdmError('obligatory keyword has no value', { keyword: spec.keyword });
      continue;
    }
    const text = formatValue(spec as KeywordSpec<unknown>, value);
    if (text === '') continue;
    block.fields.push(spec.unit === undefined ? { keyword: spec.keyword, value: text } : { keyword: spec.keyword, value: text, unit: spec.unit });
  }
  return block;
}

function encodeCovariance(covariance: CdmCovariance): KeywordBlock {
  const size = covariance.rtn.length;
  if (size < 6 || size > 9 || covariance.rtn.some((row) => row.length !== size)) {
    throw new CdmError(`the covariance must be square, 6×6 to 9×9 (508.0-B-1 §5.2.8); got ${size} rows`, { keyword: 'CR_R' });
  }
  const block = emptyBlock();
  block.comments.push(...covariance.comments);
  for (const k of COVARIANCE_KEYWORDS) {
    if (k.row >= size) break;
    const value = covariance.rtn[k.row]![k.column]!;
    if (!Number.isFinite(value)) throw new CdmError(`${value} is not a finite number`, { keyword: k.keyword });
    block.fields.push({ keyword: k.keyword, value: formatDouble(value), unit: k.unit });
  }
  return block;
}

function encodeObject(object: CdmObject): ObjectBlocks {
  const { metadata, data } = object;
  const blocks: ObjectBlocks = {
    metadata: encodeBlock(metadata, METADATA_KEYWORDS, metadata.comments),
    data: emptyBlock(),
    odParameters: data.odParameters ? encodeBlock(data.odParameters, OD_PARAMETER_KEYWORDS, data.odParameters.comments) : emptyBlock(),
    additionalParameters: data.additionalParameters ? encodeBlock(data.additionalParameters, ADDITIONAL_PARAMETER_KEYWORDS, data.additionalParameters.comments) : emptyBlock(),
    stateVector: encodeBlock(data.stateVector, STATE_VECTOR_KEYWORDS, data.stateVector.comments),
    covarianceMatrix: encodeCovariance(data.covariance),
  };
  blocks.data.comments.push(...data.comments);
  return blocks;
}

/** Keyword lists of a CDM, in table order. Throws a CdmError for a value the message cannot carry. */
export function encodeCdm(cdm: Cdm): KeywordMessage {
  if (cdm.object1.metadata.object !== 'OBJECT1' || cdm.object2.metadata.object !== 'OBJECT2') {
    throw new CdmError('object1 must be OBJECT1 and object2 OBJECT2', { keyword: 'OBJECT' });
  }
  return {
    header: encodeBlock(cdm.header, HEADER_KEYWORDS, cdm.header.comments),
    relative: encodeBlock(cdm.relative, RELATIVE_KEYWORDS, cdm.relative.comments),
    objects: [encodeObject(cdm.object1), encodeObject(cdm.object2)],
  };
}
