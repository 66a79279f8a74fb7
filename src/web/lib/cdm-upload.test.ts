import { describe, expect, it } from 'vitest';
import { makeImportResponse } from '@/components/alerts/alerts-fixtures';
import { cdmContentType, importActionLabel, importSummary, messagePosition } from '@/lib/cdm-upload';

const imported = (action: 'created' | 'updated' | 'merged', index = 0) => ({
  index,
  messageId: `M-${index}`,
  originator: 'CARA',
  conjunctionId: 'CNJ-2021-001',
  action,
  tca: '2021-03-24T15:10:47.417Z',
  collisionProbability: 0.02,
  pcMethod: 'pc2d' as const,
  riskLevel: 'critical' as const,
});

describe('CDM upload', () => {
  it('sends XML and JSON as such and everything else as text/plain', () => {
    expect(['a.xml', 'B.XML', 'c.json', 'd.cdm', 'e.kvn', 'f.txt', 'noextension', 'archive.xml.txt'].map(cdmContentType)).toEqual([
      'application/xml',
      'application/xml',
      'application/json',
      'text/plain',
      'text/plain',
      'text/plain',
      'text/plain',
      'text/plain',
    ]);
  });

  it('sums up what happened to the messages of a file', () => {
    expect(importSummary(makeImportResponse())).toBe('No messages found');
    expect(importSummary(makeImportResponse({ imported: [imported('created'), imported('created', 1), imported('updated', 2), imported('merged', 3)] }))).toBe('2 new, 1 updated, 1 merged');
    expect(
      importSummary(
        makeImportResponse({
          duplicates: [{ index: 0, messageId: 'A', conjunctionId: null }],
          rejected: [
            { index: 1, line: 3, messageId: null, reason: 'x' },
            { index: 2, line: null, messageId: null, reason: 'y' },
          ],
        }),
      ),
    ).toBe('1 duplicate, 2 rejected');
    expect(importSummary(makeImportResponse({ duplicates: [{ index: 0, messageId: 'A', conjunctionId: null }, { index: 1, messageId: 'B', conjunctionId: null }] }))).toBe('2 duplicates');
  });

  it('places a message in its file counting from 1', () => {
    expect(messagePosition({ index: 0, line: 12 })).toBe('Message 1, line 12');
    expect(messagePosition({ index: 4 })).toBe('Message 5');
    expect(messagePosition({ index: null, line: 7 })).toBe('Line 7');
    expect(messagePosition({ index: null, line: null })).toBe('File');
  });

  it("calls a created event 'new'", () => {
    expect(['created', 'updated', 'merged'].map(importActionLabel)).toEqual(['new', 'updated', 'merged']);
  });
});
