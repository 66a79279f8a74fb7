/**
 * CCSDS Conjunction Data Message (CCSDS 508.0-B-1, CDM 1.0): the public API of src/core/cdm
 * (see src/core/README.md).
 */
export * from './cdm.ts';
export { CdmError } from './cdm-error.ts';
export { detectCdmFormat, readCdm, type CdmFormat } from './read.ts';
export { readCdmKvn } from './kvn-read.ts';
export { readCdmXml } from './xml-read.ts';
export {
  readCdmFile,
  type CdmFileRejection,
  type CdmFileResult,
  type CdmSummary,
  type ReceivedCdm,
  type ReceivedFormat,
  type ReceivedObject,
} from './read-file.ts';
export { writeCdmKvn } from './kvn-write.ts';
export { writeCdmXml, CDM_XML_SCHEMA_LOCATION } from './xml-write.ts';
export { cdmHardBodyRadius, hardBodyRadiusOfComment, type HardBodyRadius } from './hard-body-radius.ts';
export { inertialState, type InertialFrame, type InertialState } from './inertial-state.ts';
export { covarianceRtnToInertial, relativeStateRtn, rtnAxes, toRtn, fromRtn, type RtnAxes } from './rtn.ts';
export { cdmCollisionProbability, type CdmPc, type CdmPcOptions, type HbrSource } from './collision-probability.ts';
export { cdmFromConjunction, conjunctionFromCdm, type CdmMessageInfo, type Conjunction, type ConjunctionObject } from './conjunction.ts';
export { assessCdm, type CdmAssessment } from './conjunction-assessment.ts';
export {
  ConjunctionJsonError,
  formatConjunctionJson,
  formatIsoUtc,
  parseConjunctionJson,
  parseIsoUtc,
  type ConjunctionDocument,
  type ConjunctionJsonMessage,
} from './conjunction-json.ts';
export { encounterPlaneView, estimateFromCdm, swapEstimate, type EncounterPlaneView, type EstimateObject, type MessageEstimate } from './message-estimate.ts';
