import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAvoidanceAnalysis, mockAlertsApi } from '@/components/alerts/alerts-fixtures';
import { AvoidanceCard, smallestBurn } from '@/components/alerts/avoidance-card';
import { cellPrefill, formatDvRtn } from '@/components/alerts/avoidance-plans';
import {
  bandEdges,
  cellColour,
  colourAt,
  colourDomain,
  formatDv,
  formatLead,
  formatPcLevel,
  heatMapLayout,
  minimumDvSegments,
  niceTicks,
  PC_COLOURS,
  pcScalePosition,
} from '@/components/alerts/avoidance-heat-map';
import { region, renderWithQueryClient } from '@/test/card-harness';

// The avoidance card's pure parts (issue 28): the colour scale, the grid's layout, the formats and
// the smallest burn per target; the card's states on the page are tested in pages/alert-detail.test.tsx.

const analysis = makeAvoidanceAnalysis();
const result = analysis.result!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('colour scale', () => {
  it('spans 1e-10 to the decade above the largest Pc (TERRA: 1.58e-2, so 1e-1)', () => {
    expect(colourDomain(result, analysis.pc, analysis.request.targets)).toEqual({ lo: -10, hi: -1 });
  });

  it('reaches 3 decades below a lower target, and keeps the targets on the scale', () => {
    expect(colourDomain(result, null, [1e-9])).toEqual({ lo: -12, hi: -1 });
    const tiny = { ...result, pc: result.pc.map((row) => row.map(() => 1e-40)) };
    expect(colourDomain(tiny, null, [1e-4])).toEqual({ lo: -10, hi: -4 });
  });

  it('gives no Pc, 0 and anything under the floor the lowest colour, and the top the highest', () => {
    const domain = { lo: -10, hi: -1 };
    expect(pcScalePosition(null, domain)).toBe(0);
    expect(pcScalePosition(0, domain)).toBe(0);
    expect(pcScalePosition(1e-300, domain)).toBe(0);
    expect(pcScalePosition(1e-1, domain)).toBe(1);
    expect(pcScalePosition(1e-4, domain)).toBeCloseTo(2 / 3, 12);
    expect(cellColour(null, domain)).toBe(PC_COLOURS[0]);
    expect(cellColour(0, domain)).toBe(PC_COLOURS[0]);
    expect(cellColour(0.5, domain)).toBe(PC_COLOURS.at(-1));
  });

  it('rises in lightness from low to high risk', () => {
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const steps = Array.from({ length: 21 }, (_, k) => luminance(colourAt(k / 20)));
    for (let k = 1; k < steps.length; k += 1) expect(steps[k]).toBeGreaterThanOrEqual(steps[k - 1]!);
  });
});

describe('layout', () => {
  it('puts each value in the middle of its band, the ends as wide as their neighbours', () => {
    expect(bandEdges([1, 2, 4])).toEqual([
      [0.5, 1.5],
      [1.5, 3],
      [3, 5],
    ]);
    expect(bandEdges([3])).toEqual([[2.85, 3.15]]);
  });

  it('ticks at 1-2-5 steps', () => {
    expect(niceTicks(0, 5.1)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(niceTicks(0.02, 0.22, 5)).toEqual([0.05, 0.1, 0.15, 0.2]);
  });

  it('lays the earliest burn on the left and the largest burn at the top, stopping at TCA', () => {
    const layout = heatMapLayout(result);
    const [left] = layout.columns[3]!;
    const [, right] = layout.columns[0]!;
    expect(left).toBe(layout.plot.left);
    // The band of the burn 10 min before TCA would reach past TCA: it stops there.
    expect(right).toBe(layout.plot.right);
    expect(layout.x(0)).toBe(layout.plot.right);
    expect(layout.rows[4]![0]).toBe(layout.plot.top);
    expect(layout.leadOrder).toEqual([3, 2, 1, 0]);
    expect(layout.dvOrder).toEqual([0, 1, 2, 3, 4]);
    expect(layout.xTicks.map((tick) => tick.hours)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('breaks the minimum-Δv curve where the target is not reached', () => {
    const gap = { ...result, minimumDv: result.minimumDv.map((m) => (m.leadS === result.leadTimesS[2] ? { ...m, dvMps: null } : m)) };
    expect(minimumDvSegments(gap, 1e-4).map((segment) => segment.length)).toEqual([1, 1]);
    expect(minimumDvSegments(result, 1e-4)).toEqual([
      [
        { leadS: result.leadTimesS[3], dvMps: 0.011583691093346286 },
        { leadS: result.leadTimesS[2], dvMps: 0.017448611737048345 },
        { leadS: result.leadTimesS[1], dvMps: 0.034885004054279196 },
      ],
    ]);
  });
});

describe('formats', () => {
  it('writes burn times, sizes and target levels', () => {
    expect(formatLead(17743.35)).toBe('4 h 56 min');
    expect(formatLead(600)).toBe('10 min');
    expect(formatLead(7200)).toBe('2 h');
    expect(formatLead(45)).toBe('45 s');
    expect(formatDv(0.011583691093346286)).toBe('0.0116 m/s');
    expect(formatDv(0.2)).toBe('0.2 m/s');
    expect(formatPcLevel(1e-4)).toBe('1e-4');
    expect(formatPcLevel(1e-7)).toBe('1e-7');
    expect(formatPcLevel(2.5e-5)).toBe('2.50e-5');
  });
});

describe('smallest burn per target', () => {
  it('takes the smallest Δv over all burn times (the earliest burn for TERRA)', () => {
    expect(smallestBurn(result, 1e-4)).toMatchObject({ leadS: result.leadTimesS[3], dvMps: 0.011583691093346286 });
    expect(smallestBurn(result, 1e-7)).toMatchObject({ dvMps: 0.01883076939056084 });
  });

  it('is null when no burn time reaches the target', () => {
    const none = { ...result, minimumDv: result.minimumDv.map((m) => ({ ...m, dvMps: null })) };
    expect(smallestBurn(none, 1e-4)).toBeNull();
  });
});

describe('AvoidanceCard', () => {
  it('gives the direction of each smallest burn when the best direction was searched', async () => {
    const best = makeAvoidanceAnalysis({
      request: { ...analysis.request, direction: 'best' },
      result: { ...result, minimumDv: result.minimumDv.map((m) => (m.dvMps === null ? m : { ...m, directionRtn: [0.12, -0.99, 0.04] })) },
    });
    mockAlertsApi({ avoidance: () => best });
    renderWithQueryClient(<AvoidanceCard conjunctionId="CNJ-2021-001" />);
    const table = await screen.findByRole('table', { name: 'Minimum Δv to reach the target' });
    expect(within(table).getByRole('columnheader', { name: 'Direction (RTN)' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^1e-4/ })).toHaveTextContent('R +0.12 · T −0.99 · N +0.04');
    expect(region('Plan avoidance').getByRole('combobox', { name: 'Direction' })).toHaveTextContent('Best (largest miss in σ)');
    expect(region('Plan avoidance').getByRole('img', { name: /^Trade space heat map: the Pc after a burn in the best direction/ })).toBeInTheDocument();
  });
});

describe('the burn of a cell (avoidance plans)', () => {
  it("takes the cell's burn time and size along the analysis's axis", () => {
    expect(cellPrefill(analysis, result, { lead: 1, dv: 0 })).toEqual({ leadS: result.leadTimesS[1], dvRtnMps: [0, 0.04, 0], label: 'Burn 1 h 45 min before TCA, 0.04 m/s along-track (T)' });
    const radialDown = makeAvoidanceAnalysis({ request: { ...analysis.request, direction: '-R' } });
    expect(cellPrefill(radialDown, result, { lead: 3, dv: 4 }).dvRtnMps).toEqual([-0.2, 0, 0]);
  });

  it('takes, for the best direction, the direction of the smallest burn at that time nearest the size, and says so', () => {
    const best = makeAvoidanceAnalysis({
      request: { ...analysis.request, direction: 'best' },
      result: { ...result, minimumDv: result.minimumDv.map((m) => (m.dvMps === null ? m : { ...m, directionRtn: m.targetPc === 1e-7 ? [0.6, 0.8, 0] : [0, -1, 0] })) },
    });
    // 4 h 56 min before TCA the 1e-7 burn (0.0188 m/s) is nearest 0.04 m/s.
    const prefill = cellPrefill(best, best.result!, { lead: 3, dv: 0 });
    expect(prefill.dvRtnMps[0]).toBeCloseTo(0.024, 12);
    expect(prefill.dvRtnMps[1]).toBeCloseTo(0.032, 12);
    expect(prefill.note).toBe('The best direction changes with the burn’s size: this is the one of the smallest burn reaching 1e-7 at this burn time.');
    // 10 min before TCA no burn reaches a target: along-track.
    expect(cellPrefill(best, best.result!, { lead: 0, dv: 1 })).toMatchObject({ dvRtnMps: [0, 0.08, 0], note: 'No burn at this time reaches a target: along-track (T) is filled in.' });
  });

  it('writes a Δv in RTN with signs', () => {
    expect(formatDvRtn([0, 0.03, 0])).toBe('R 0 · T +0.03 · N 0');
    expect(formatDvRtn([-0.0036, 0.0299999999, 1e-7])).toBe('R −0.0036 · T +0.03 · N +1e-7');
  });
});
