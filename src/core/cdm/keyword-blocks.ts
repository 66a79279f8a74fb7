/**
 * A CDM as text keyword lists per logical block, before any value is interpreted: what the KVN
 * and XML readers produce and the writers consume, so that both forms share one decoder
 * (decode.ts) and one encoder (encode.ts). Block names follow the XML tags (§4.3, Table 4-1).
 */

export interface KeywordField {
  readonly keyword: string;
  /** The value text, trimmed, without its units. */
  readonly value: string;
  /** Units as written ("[m]" in KVN, units="m" in XML), if any. */
  readonly unit?: string;
  /** 1-based source line, when read from text. */
  readonly line?: number;
}

export interface KeywordBlock {
  readonly comments: string[];
  readonly fields: KeywordField[];
  /** Line where the block starts in the source, for errors about missing keywords. */
  line?: number;
}

export interface ObjectBlocks {
  readonly metadata: KeywordBlock;
  /** Comments of the data section itself (<data><COMMENT>); its keywords live in the four blocks. */
  readonly data: KeywordBlock;
  readonly odParameters: KeywordBlock;
  readonly additionalParameters: KeywordBlock;
  readonly stateVector: KeywordBlock;
  readonly covarianceMatrix: KeywordBlock;
}

export interface KeywordMessage {
  /** Header keywords including CCSDS_CDM_VERS (the XML reader adds it from the version attribute). */
  readonly header: KeywordBlock;
  readonly relative: KeywordBlock;
  readonly objects: ObjectBlocks[];
}

export function emptyBlock(line?: number): KeywordBlock {
  return line === undefined ? { comments: [], fields: [] } : { comments: [], fields: [], line };
}

export function emptyObject(line?: number): ObjectBlocks {
  return {
    metadata: emptyBlock(line),
    data: emptyBlock(line),
    odParameters: emptyBlock(line),
    additionalParameters: emptyBlock(line),
    stateVector: emptyBlock(line),
    covarianceMatrix: emptyBlock(line),
  };
}

/** True when a block has neither comments nor keywords (optional blocks are then left out). */
export function isEmptyBlock(block: KeywordBlock): boolean {
  return block.comments.length === 0 && block.fields.length === 0;
}
