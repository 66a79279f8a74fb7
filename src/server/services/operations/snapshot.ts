import { createHash } from 'node:crypto';

/**
 * A response body serialised once, with its ETag: the operations picture is
 * polled every few seconds by every open dashboard, so it is built when the
 * state changes and served as is (like CatalogService.satelliteRecords()).
 */
export interface Snapshot<T> {
  readonly body: T;
  readonly json: string;
  /** A strong ETag in quotes: the sha1 of `json`, base64url. */
  readonly etag: string;
}

export function snapshotOf<T>(body: T): Snapshot<T> {
  const json = JSON.stringify(body);
  return { body, json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}

/** `next` when its content differs from `previous`, else `previous` (so the ETag only changes with the content). */
export function replaceSnapshot<T>(previous: Snapshot<T> | undefined, body: T): Snapshot<T> {
  const next = snapshotOf(body);
  return previous && previous.json === next.json ? previous : next;
}
