/**
 * CCSDS OEM in XML (CCSDS 505.0-B-1 / 505.0-B-2 "XML Specification for Navigation Data Messages", the
 * ndmxml OEM schema): an <oem id="CCSDS_OEM_VERS" version="…"> root (or the one <oem> of an <ndm>
 * combined instantiation) holding
 *
 *   <header> COMMENT* CLASSIFICATION? CREATION_DATE ORIGINATOR MESSAGE_ID? </header>
 *   <body> <segment>+ </body>, each <segment> a
 *     <metadata> COMMENT* and the keywords of 502.0 Table 5-3, one element each </metadata>
 *     <data> COMMENT* <stateVector>* <covarianceMatrix>* </data>
 *   <stateVector> EPOCH X Y Z X_DOT Y_DOT Z_DOT [X_DDOT Y_DDOT Z_DDOT] </stateVector>
 *   <covarianceMatrix> COMMENT* EPOCH COV_REF_FRAME? CX_X CY_X CY_Y CZ_X … CZ_DOT_Z_DOT </covarianceMatrix>
 *
 * The 21 covariance elements are the lower triangle row by row, as the KVN rows (502.0 §5.2.5). A value
 * may carry the schema's `units` attribute (km, km/s, km/s**2, km**2, km**2/s, km**2/s**2); another unit
 * is refused, since the values would be misread. Namespace prefixes are ignored (local names). The
 * segments go through the KVN reader's checks (oem-model.ts), so both formats read into the same `Oem`;
 * errors carry the line of the offending element. The XML itself is read by the small reader of
 * elements/xml-reader.ts (no DTD, no external entities).
 */
import { descendants, readXml, XmlError, type XmlElement } from '../elements/xml-reader.ts';
import {
  buildOemHeader,
  buildOemSegment,
  oemEpoch,
  OemError,
  oemNumber,
  type Oem,
  type OemCovarianceText,
  type OemField,
  type OemReadOptions,
  type OemSegment,
  type OemState,
} from './oem-model.ts';

const HEADER_ELEMENTS = ['COMMENT', 'CLASSIFICATION', 'CREATION_DATE', 'ORIGINATOR', 'MESSAGE_ID'];
const POSITION = ['X', 'Y', 'Z'] as const;
const VELOCITY = ['X_DOT', 'Y_DOT', 'Z_DOT'] as const;
const ACCELERATION = ['X_DDOT', 'Y_DDOT', 'Z_DDOT'] as const;
/** The covarianceMatrix elements in schema order: the lower triangle of x y z ẋ ẏ ż, row by row. */
export const OEM_XML_COVARIANCE_ELEMENTS = [
  'CX_X',
  'CY_X', 'CY_Y',
  'CZ_X', 'CZ_Y', 'CZ_Z',
  'CX_DOT_X', 'CX_DOT_Y', 'CX_DOT_Z', 'CX_DOT_X_DOT',
  'CY_DOT_X', 'CY_DOT_Y', 'CY_DOT_Z', 'CY_DOT_X_DOT', 'CY_DOT_Y_DOT',
  'CZ_DOT_X', 'CZ_DOT_Y', 'CZ_DOT_Z', 'CZ_DOT_X_DOT', 'CZ_DOT_Y_DOT', 'CZ_DOT_Z_DOT',
] as const;

/** The unit each value may be labelled with (505.0 ndmxml common types: positionUnits, velocityUnits, …). */
function expectedUnit(name: string): string {
  if (name.startsWith('C')) {
    const dots = (name.match(/_DOT/g) ?? []).length;
    return ['km**2', 'km**2/s', 'km**2/s**2'][dots]!;
  }
  return name.endsWith('_DDOT') ? 'km/s**2' : name.endsWith('_DOT') ? 'km/s' : 'km';
}

const text = (e: XmlElement) => e.text.trim();

/** A leaf element: one with no child elements. */
function leaf(e: XmlElement): XmlElement {
  const child = e.children[0];
  if (child) throw new OemError(child.line, `<${child.name}> is not allowed in <${e.name}>`);
  return e;
}

/** The value of a numeric leaf, its `units` checked. */
function numberOf(e: XmlElement): number {
  leaf(e);
  const unit = e.attributes.units;
  if (unit !== undefined && unit.trim().toLowerCase() !== expectedUnit(e.localName)) {
    throw new OemError(e.line, `<${e.name}> is in '${unit}': the OEM gives it in ${expectedUnit(e.localName)}`);
  }
  return oemNumber(text(e), e.line);
}

/** The children of `parent` by local name; every child must be one of `allowed` and occur once, unless `repeatable`. */
function childrenByName(parent: XmlElement, allowed: readonly string[], repeatable: readonly string[] = ['COMMENT']): Map<string, XmlElement> {
  const found = new Map<string, XmlElement>();
  for (const child of parent.children) {
    if (!allowed.includes(child.localName)) throw new OemError(child.line, `<${child.name}> is not allowed in <${parent.name}>`);
    if (repeatable.includes(child.localName)) continue;
    const previous = found.get(child.localName);
    if (previous) throw new OemError(child.line, `<${parent.name}> holds a second <${child.name}> (first on line ${previous.line})`);
    found.set(child.localName, child);
  }
  return found;
}

function comments(parent: XmlElement): string[] {
  return parent.children.filter((c) => c.localName === 'COMMENT').map((c) => text(leaf(c)));
}

/** The one child named `name`, or an OemError on the parent's line. */
function required(parent: XmlElement, found: Map<string, XmlElement>, name: string): XmlElement {
  const e = found.get(name);
  if (!e) throw new OemError(parent.line, `<${parent.name}> lacks <${name}>`);
  return e;
}

function readStateVector(e: XmlElement): OemState {
  const found = childrenByName(e, ['EPOCH', ...POSITION, ...VELOCITY, ...ACCELERATION], []);
  const epochElement = leaf(required(e, found, 'EPOCH'));
  const epoch = oemEpoch(text(epochElement), epochElement.line);
  const [x, y, z] = POSITION.map((n) => numberOf(required(e, found, n))) as [number, number, number];
  const [vx, vy, vz] = VELOCITY.map((n) => numberOf(required(e, found, n))) as [number, number, number];
  const given = ACCELERATION.filter((n) => found.has(n));
  if (given.length === 0) return { epoch, r: [x, y, z], v: [vx, vy, vz] };
  const missing = ACCELERATION.find((n) => !found.has(n));
  if (missing) throw new OemError(e.line, `<${e.name}> gives ${given.join(', ')} but lacks <${missing}>: accelerations come in threes`);
  const [ax, ay, az] = ACCELERATION.map((n) => numberOf(found.get(n)!)) as [number, number, number];
  return { epoch, r: [x, y, z], v: [vx, vy, vz], a: [ax, ay, az] };
}

function readCovariance(e: XmlElement): OemCovarianceText {
  const found = childrenByName(e, ['COMMENT', 'EPOCH', 'COV_REF_FRAME', ...OEM_XML_COVARIANCE_ELEMENTS]);
  const epoch = leaf(required(e, found, 'EPOCH'));
  const frame = found.get('COV_REF_FRAME');
  const missing = OEM_XML_COVARIANCE_ELEMENTS.filter((n) => !found.has(n));
  if (missing.length > 0) {
    throw new OemError(e.line, `<${e.name}> has ${21 - missing.length} of its 21 elements: it lacks ${missing.map((n) => `<${n}>`).join(', ')}`);
  }
  return {
    line: e.line,
    epoch: { value: text(epoch), line: epoch.line },
    ...(frame ? { frame: { value: text(leaf(frame)), line: frame.line } } : {}),
    lowerTriangle: OEM_XML_COVARIANCE_ELEMENTS.map((n) => numberOf(found.get(n)!)),
    comments: comments(e),
  };
}

function readSegment(segment: XmlElement, strict: boolean): OemSegment {
  const parts = childrenByName(segment, ['metadata', 'data'], []);
  const metadataElement = required(segment, parts, 'metadata');
  const dataElement = required(segment, parts, 'data');
  const metadata = new Map<string, OemField>();
  for (const child of metadataElement.children) {
    if (child.localName === 'COMMENT') continue;
    leaf(child);
    const previous = metadata.get(child.localName);
    if (previous) throw new OemError(child.line, `<${metadataElement.name}> holds a second <${child.name}> (first on line ${previous.line})`);
    metadata.set(child.localName, { value: text(child), line: child.line });
  }
  const states: { state: OemState; line: number }[] = [];
  const covariances: OemCovarianceText[] = [];
  for (const child of dataElement.children) {
    if (child.localName === 'COMMENT') continue;
    if (child.localName === 'stateVector') states.push({ state: readStateVector(child), line: child.line });
    else if (child.localName === 'covarianceMatrix') covariances.push(readCovariance(child));
    else throw new OemError(child.line, `<${child.name}> is not allowed in <${dataElement.name}> (COMMENT, stateVector, covarianceMatrix)`);
  }
  return buildOemSegment(
    { metadataLine: metadataElement.line, metadata, comments: [...comments(metadataElement), ...comments(dataElement)], states, covariances },
    strict,
  );
}

/**
 * Reads an XML OEM into the structure readOem gives for KVN; throws an OemError naming the line of the
 * offending element. `options.strict` as for readOem.
 */
export function readOemXml(source: string, options: OemReadOptions = {}): Oem {
  const strict = options.strict ?? true;
  let root: XmlElement;
  try {
    root = readXml(source);
  } catch (error) {
    if (error instanceof XmlError) throw new OemError(error.line, `not well-formed XML: ${error.message.replace(/^line \d+: /, '')}`);
    throw error;
  }
  const messages = root.localName === 'oem' ? [root] : descendants(root, 'oem');
  if (messages.length !== 1) {
    throw new OemError(messages[1]?.line ?? root.line, messages.length === 0 ? `no <oem> element in <${root.name}>` : `<${root.name}> holds ${messages.length} <oem> messages: send one per file`);
  }
  const oem = messages[0]!;
  const version = oem.attributes.version;
  const parts = childrenByName(oem, ['header', 'body'], []);
  const headerElement = required(oem, parts, 'header');
  const bodyElement = required(oem, parts, 'body');
  const headerFields = childrenByName(headerElement, HEADER_ELEMENTS);
  const fields = new Map<string, OemField>();
  for (const [name, e] of headerFields) fields.set(name, { value: text(leaf(e)), line: e.line });
  const header = buildOemHeader(version === undefined ? undefined : { value: version, line: oem.line }, fields, comments(headerElement), version === undefined ? oem.line : headerElement.line);
  const segments = bodyElement.children.map((segment) => {
    if (segment.localName !== 'segment') throw new OemError(segment.line, `<${segment.name}> is not allowed in <${bodyElement.name}> (segment)`);
    return readSegment(segment, strict);
  });
  if (segments.length === 0) throw new OemError(bodyElement.line, `<${bodyElement.name}> holds no <segment>`);
  return { header, segments };
}
