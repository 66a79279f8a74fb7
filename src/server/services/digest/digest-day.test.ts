import { describe, expect, it } from 'vitest';
import { digestWindow, lastDueDay, lastSendTime } from './digest-day.ts';
import { trendOf } from './digest-service.ts';
import { pdfText } from './render-pdf.ts';

describe('the day a digest covers', () => {
  it('runs from D at the hour to D + 1 at the hour (the UTC calendar day at hour 0)', () => {
    expect(digestWindow('2026-12-06', 6)).toEqual({ day: '2026-12-06', start: new Date('2026-12-06T06:00:00Z'), end: new Date('2026-12-07T06:00:00Z') });
    expect(digestWindow('2026-12-31', 0)).toEqual({ day: '2026-12-31', start: new Date('2026-12-31T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
    expect(digestWindow('2028-02-29', 23).end).toEqual(new Date('2028-03-01T23:00:00Z'));
  });

  it.each([
    ['2026-12-07T06:00:00.000Z', 6, '2026-12-07T06:00:00.000Z', '2026-12-06'],
    ['2026-12-07T05:59:59.999Z', 6, '2026-12-06T06:00:00.000Z', '2026-12-05'],
    ['2026-12-07T23:59:00.000Z', 6, '2026-12-07T06:00:00.000Z', '2026-12-06'],
    ['2027-01-01T00:30:00.000Z', 0, '2027-01-01T00:00:00.000Z', '2026-12-31'],
    ['2027-01-01T00:30:00.000Z', 23, '2026-12-31T23:00:00.000Z', '2026-12-30'],
  ])('at %s with the hour %i: last sent %s, for day %s', (now, hour, sent, day) => {
    expect(lastSendTime(new Date(now), hour).toISOString()).toBe(sent);
    const due = lastDueDay(new Date(now), hour);
    expect(due.day).toBe(day);
    expect(due).toEqual(digestWindow(day, hour));
  });
});

describe('the Pc trend over a day', () => {
  it.each([
    [2e-5, 8.5e-5, 2, 'rising'],
    [6e-5, 5e-5, 1, 'falling'],
    [1e-4, 1.09e-4, 3, 'steady'],
    [1e-4, 0.92e-4, 3, 'steady'],
    [0, 1e-9, 1, 'rising'],
    [1e-6, 0, 1, 'falling'],
    [0, 0, 4, 'steady'],
    [2.4e-5, 2.4e-5, 0, 'none'],
    [null, 3e-5, 0, 'none'],
  ] as const)('%s → %s over %i estimates: %s', (start, end, n, trend) => {
    expect(trendOf(start, end, n)).toBe(trend);
  });
});

describe('text for the PDF’s standard fonts (WinAnsi)', () => {
  it('keeps Latin-1 and the Windows-1252 extras, spells arrows and comparisons in ASCII, and marks the rest', () => {
    expect(pdfText('Data Forge daily digest — 2026-12-06')).toBe('Data Forge daily digest — 2026-12-06');
    expect(pdfText('Müller’s “note” → ≥ 1e-4 × 2 €')).toBe('Müller’s “note” -> >= 1e-4 x 2 €');
    expect(pdfText('漢字\tok\nnext')).toBe('?? ok\nnext');
  });
});
