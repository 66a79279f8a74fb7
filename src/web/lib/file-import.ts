import type { ImportReport } from '@contracts/catalog.ts';
import type { CdmImportResponse } from '@contracts/conjunction-events.ts';
import type { SpaceWeatherImportReport } from '@contracts/orbital-drag.ts';
import { CDM_FILE_ACCEPT } from './cdm-upload';
import { csrfHeaders } from './csrf';

/*
 * File imports on the Configuration screen (issue 14): which route takes each kind of file, the
 * content type a file goes with, the upload itself (XMLHttpRequest: fetch reports no upload
 * progress), and every route's answer told the same way: added, already present, rejected with
 * line and reason.
 */

export type ImportKind = 'elements' | 'satcat' | 'space-weather' | 'cdm';

export interface ImportKindInfo {
  kind: ImportKind;
  label: string;
  formats: string;
  accept: string;
  /** The route, without the file-name query. */
  url: string;
}

export const IMPORT_KINDS: readonly ImportKindInfo[] = [
  { kind: 'elements', label: 'Element sets', formats: 'TLE, 3LE, CCSDS OMM (KVN, XML, JSON, CSV)', accept: '.tle,.3le,.txt,.kvn,.omm,.xml,.json,.csv', url: '/api/catalog/import' },
  { kind: 'satcat', label: 'SATCAT', formats: 'CelesTrak SATCAT CSV (names, owners, object types)', accept: '.csv', url: '/api/catalog/import?kind=satcat' },
  { kind: 'space-weather', label: 'Space weather', formats: "CelesTrak SW-All CSV, SET's SOLFSMY.TXT or DTCFILE.TXT", accept: '.csv,.txt', url: '/api/space-weather/import' },
  { kind: 'cdm', label: 'Conjunction data messages', formats: 'CCSDS CDM (KVN, XML) or Space-Track CDM JSON', accept: CDM_FILE_ACCEPT, url: '/api/cdm/import' },
];

export function importKind(kind: ImportKind): ImportKindInfo {
  return IMPORT_KINDS.find((k) => k.kind === kind)!;
}

/** The route with the file's name for the import's record. */
export function importUrl(kind: ImportKind, fileName: string): string {
  const { url } = importKind(kind);
  return `${url}${url.includes('?') ? '&' : '?'}name=${encodeURIComponent(fileName.slice(0, 200))}`;
}

/** By extension: XML, JSON and CSV say so; TLE, KVN and anything else go as text/plain. */
export function importContentType(fileName: string): string {
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension === 'xml') return 'application/xml';
  if (extension === 'json') return 'application/json';
  if (extension === 'csv') return 'text/csv';
  return 'text/plain';
}

export interface Rejection {
  /** Line of the file, from 1, when known. */
  line: number | null;
  /** What was rejected (a NORAD id, a message), when known. */
  what: string | null;
  reason: string;
}

/** An import's answer in the screen's words. */
export interface ImportSummary {
  ok: boolean;
  /** The server's message when the file was refused whole. */
  message: string | null;
  /** How the server read the file (tle, omm-xml, satcat, celestrak-sw-all, …). */
  format: string | null;
  added: number;
  /** Only for kinds that update what they find (SATCAT metadata, space-weather days). */
  updated: number | null;
  present: number;
  rejected: number;
  rejections: Rejection[];
  /** What the numbers count: element sets, objects, days, messages. */
  unit: string;
}

const empty = (unit: string): ImportSummary => ({ ok: false, message: null, format: null, added: 0, updated: null, present: 0, rejected: 0, rejections: [], unit });

function fromCatalog(report: ImportReport, kind: 'elements' | 'satcat'): Omit<ImportSummary, 'ok' | 'message'> {
  const rejections = report.rejections.map((r) => ({ line: r.line, what: r.norad ?? null, reason: r.reason }));
  if (kind === 'satcat') {
    // SATCAT rows add objects or update the metadata of objects already held.
    const kept = report.records - report.rejected;
    return { format: report.format, added: report.objectsAdded, updated: kept - report.objectsAdded, present: 0, rejected: report.rejected, rejections, unit: 'objects' };
  }
  return { format: report.format, added: report.setsAdded, updated: null, present: report.duplicates, rejected: report.rejected, rejections, unit: 'element sets' };
}

function fromSpaceWeather(report: SpaceWeatherImportReport): Omit<ImportSummary, 'ok' | 'message'> {
  return {
    format: report.format,
    added: report.daysAdded,
    updated: report.daysUpdated,
    present: report.daysUnchanged,
    rejected: report.rejected,
    rejections: report.rejections.map((r) => ({ line: r.line, what: null, reason: r.reason })),
    unit: 'days',
  };
}

function fromCdm(response: CdmImportResponse): Omit<ImportSummary, 'ok' | 'message'> {
  const updated = response.imported.filter((i) => i.action !== 'created').length;
  return {
    format: null,
    added: response.imported.length - updated,
    updated,
    present: response.duplicates.length,
    rejected: response.rejected.length,
    rejections: response.rejected.map((r) => ({ line: r.line, what: r.messageId ?? (r.index !== null ? `message ${r.index + 1}` : null), reason: r.reason })),
    unit: 'messages',
  };
}

const UNITS: Record<ImportKind, string> = { elements: 'element sets', satcat: 'objects', 'space-weather': 'days', cdm: 'messages' };

/**
 * The answer of an import route as a summary. 200: the route's report. 4xx with a report (a file
 * with no valid record): the report, not ok, with the server's message. Any other answer: its
 * message (the server's {message}, or the status).
 */
export function summariseImport(kind: ImportKind, status: number, body: unknown): ImportSummary {
  const record = (body ?? {}) as { message?: unknown; report?: unknown };
  const message = typeof record.message === 'string' ? record.message : status >= 400 ? `The server answered ${status}` : null;
  const read = (report: unknown) =>
    kind === 'cdm' ? fromCdm(report as CdmImportResponse) : kind === 'space-weather' ? fromSpaceWeather(report as SpaceWeatherImportReport) : fromCatalog(report as ImportReport, kind);
  if (status >= 200 && status < 300) return { ok: true, message: null, ...read(body) };
  if (record.report !== undefined && kind !== 'cdm') return { ok: false, message, ...read(record.report) };
  return { ...empty(UNITS[kind]), message };
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Sends a file's text to an import route with the session's cookies and CSRF token, telling how
 * much of it has gone; resolves with the status and the parsed JSON answer (null if it was not JSON).
 * Rejects only when the request could not be made at all.
 */
export function uploadFile(url: string, file: Blob, contentType: string, onProgress: (progress: UploadProgress) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', contentType);
    for (const [name, value] of Object.entries(csrfHeaders('POST'))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = xhr.responseText ? { message: xhr.responseText } : null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error('The file could not be sent: the server did not answer'));
    xhr.send(file);
  });
}
