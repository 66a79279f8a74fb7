import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AvoidanceAnalysis } from '../../src/contracts/avoidance.ts';
import type { CdmImportResponse } from '../../src/contracts/conjunction-events.ts';
import { SCREENS_DIR, useBrowserSuite } from './harness.ts';
import { CARA_CDM_DIR } from '../reference/index.ts';

// Collision avoidance from an event's detail page (issue 28) against the real server: CARA's CDM of
// TERRA vs IRIDIUM 33 DEB (Pc 2.1e-2) imported through the API, then 'Compute trade space' at the
// server's defaults (60 burn times × 40 along-track sizes up to 0.2 m/s, 10 min to 3 orbits before
// TCA; about 2 s), the heat map, one cell selected by mouse and one by keyboard, and the smallest
// burn per target, all checked against the analysis the API returns; then 'Screen this plan' with the
// selected burn, which this server (no demo catalogue, so no element set of TERRA) refuses with 422.

const TERRA_FILE = '000025994_conj_000037558_20210324_151047_20210323_154356.cdm';

const web = useBrowserSuite({ app: { env: { DEMO_CATALOG: 'off' } } });

let conjunctionId: string;

beforeAll(async () => {
  const res = await fetch(`${web.app.baseUrl}/api/cdm/import?name=${encodeURIComponent(TERRA_FILE)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain' },
    body: await readFile(join(CARA_CDM_DIR, TERRA_FILE), 'utf8'),
  });
  expect(res.status).toBe(200);
  const result = (await res.json()) as CdmImportResponse;
  expect(result.rejected).toEqual([]);
  expect(result.imported).toHaveLength(1);
  conjunctionId = result.imported[0]!.conjunctionId;
});

/** What the page prints for a Pc: formatPc and formatPcOneInN of src/web/lib/conjunction-format.ts. */
function pcText(pc: number | null): string {
  if (pc === null) return 'no Pc';
  if (pc === 0) return 'Pc 0 (< 1:1e30)';
  const n = 1 / pc;
  const oneIn = pc < 1e-30 ? '< 1:1e30' : n < 1e9 ? `1:${Math.round(n).toLocaleString('en-US')}` : `1:${n.toExponential(1)}`;
  return `Pc ${pc.toExponential(2)} (${oneIn})`;
}

describe('Plan avoidance', () => {
  it('computes the trade space of TERRA vs IRIDIUM 33 DEB from its detail page, and reads cells of the heat map', async () => {
    await web.page.setViewportSize({ width: 1440, height: 1800 });
    await web.page.goto(`${web.app.baseUrl}/alerts/${conjunctionId}`);
    const card = web.page.getByRole('region', { name: 'Plan avoidance' });
    await card.getByText('No trade space has been computed for this event yet.').waitFor();
    expect(await card.getByRole('combobox', { name: 'Direction' }).textContent()).toBe('Along-track (T)');
    expect(await card.getByRole('textbox', { name: 'Largest Δv (m/s)' }).inputValue()).toBe('0.2');
    expect(await card.getByRole('textbox', { name: 'Earliest burn (orbits before TCA)' }).inputValue()).toBe('3');

    await card.getByRole('button', { name: 'Compute trade space' }).click();
    // Running: an indeterminate bar, re-read every second; the defaults take about 2 s.
    await card.getByRole('progressbar', { name: 'Computing the trade space' }).waitFor();
    const map = card.getByRole('img', { name: /^Trade space heat map/ });
    await map.waitFor({ timeout: 60_000 });
    expect(await card.getByRole('progressbar').count()).toBe(0);

    const res = await fetch(`${web.app.baseUrl}/api/conjunctions/${conjunctionId}/avoidance`);
    const analysis = (await res.json()) as AvoidanceAnalysis;
    expect(analysis).toMatchObject({ status: 'completed', pcMethod: 'pc2d', request: { direction: 'T', maxDvMps: 0.2, maxLeadOrbits: 3, leadSteps: 60, dvSteps: 40 }, error: null });
    const result = analysis.result!;
    expect(await map.locator('rect[data-lead]').count()).toBe(60 * 40);
    expect(await map.locator('title').textContent()).toMatch(/^Trade space heat map: the Pc after a burn along-track \(T\) of 0\.005 m\/s to 0\.2 m\/s, 4 h 56 min to 10 min before TCA \(60 burn times × 40 sizes\)/);
    expect(await map.getByTestId('minimum-dv-curve').count()).toBeGreaterThan(0);

    // A burn about 1.5 orbits before TCA, 0.025 m/s (lead index 30, size index 4).
    const selected = card.getByRole('region', { name: 'Selected burn' });
    await map.locator('rect[data-lead="30"][data-dv="4"]').click();
    const pc = result.pc[30]![4]!;
    const first = (await selected.locator('p').first().textContent()) ?? '';
    expect(first).toMatch(/^Burn \d+ h \d+ min before TCA, 0\.025 m\/s along-track \(T\): /);
    expect(first).toContain(`: ${pcText(pc)}, miss `);
    expect(first).toContain(`miss ${result.missM[30]![4]!.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} m`);

    // The keyboard: one step later (right) and one size up, then Enter.
    await map.focus();
    await web.page.keyboard.press('ArrowRight');
    await web.page.keyboard.press('ArrowUp');
    await web.page.keyboard.press('Enter');
    await expect.poll(async () => selected.locator('p').first().textContent()).toContain(`0.03 m/s along-track (T): ${pcText(result.pc[29]![5]!)}`);

    // The smallest burn per target: the one over all burn times with the least Δv.
    const table = card.getByRole('table', { name: 'Minimum Δv to reach the target' });
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
    expect(rows.map((row) => row[0])).toEqual(['1e-4', '1e-6', '1e-7']);
    for (const [k, target] of [1e-4, 1e-6, 1e-7].entries()) {
      const reached = result.minimumDv.filter((m) => m.targetPc === target && m.dvMps !== null).map((m) => m.dvMps!);
      expect(reached.length, `burns reaching ${target}`).toBeGreaterThan(0);
      expect(rows[k]![1]).toBe(`${Number(Math.min(...reached).toPrecision(3))} m/s`);
      expect(rows[k]![2]).toMatch(/^\d+ h( \d+ min)?$/);
    }
    expect(await card.getByRole('note', { name: 'Primary’s track' }).textContent()).toMatch(/^Primary’s track: The primary's state at TCA propagated two-body \+ J2/);

    // Screening the selected burn against the catalogue (issue 28, item 7): this server runs without
    // the demo catalogue (DEMO_CATALOG off), so it has no element set of TERRA (25994), the primary
    // of the imported CDM, and refuses the plan with 422 and its message. The browser logs the 422.
    web.expectedErrors = [/status of 422/];
    const plans = card.getByRole('region', { name: 'Avoidance plans' });
    await plans.getByText('No plan has been screened for this event yet.').waitFor();
    expect(await plans.getByText(/^From the selected cell: Burn \d+ h \d+ min before TCA, 0\.03 m\/s along-track \(T\)\.$/).count()).toBe(1);
    expect(Number(await plans.getByRole('textbox', { name: 'Burn before TCA (min)' }).inputValue())).toBeCloseTo(result.leadTimesS[29]! / 60, 2);
    expect(await plans.getByRole('textbox', { name: 'Δv R (m/s)' }).inputValue()).toBe('0');
    expect(await plans.getByRole('textbox', { name: 'Δv T (m/s)' }).inputValue()).toBe('0.03');
    expect(await plans.getByRole('textbox', { name: 'Δv N (m/s)' }).inputValue()).toBe('0');
    await plans.getByRole('button', { name: 'Screen this plan' }).click();
    const refusal = plans.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('Could not screen the plan: The primary 25994 has no element set in the catalogue to plan on');
    expect(await plans.getByRole('progressbar').count()).toBe(0);
    const stored = await fetch(`${web.app.baseUrl}/api/conjunctions/${conjunctionId}/plans`);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual([]);

    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: '/tmp/avoidance-card.png' });
    await plans.screenshot({ path: '/tmp/avoidance-plans-422.png' });
    await web.page.screenshot({ path: `${SCREENS_DIR}/alert-detail-avoidance.png`, fullPage: true });
  });
});
