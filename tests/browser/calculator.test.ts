import { mkdir } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, type RunningApp, SCREENS_DIR, startApp } from './harness.ts';

// The savings calculator at /calc (spec §2, §5, §9) in a real browser.

const HINT = 'Configure your parameters and click Calculate ROI to see your potential savings.';

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp({ env: { DEMO_CATALOG: 'off' } });
  browser = await launchChromium();
  await mkdir(SCREENS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${app.baseUrl}/calc`);
  await page.getByRole('heading', { level: 1, name: 'Savings Calculator - Solar Flare Data ROI' }).waitFor();
});

afterEach(async () => {
  await page.close();
});

function field(label: string): Locator {
  return page.getByLabel(label, { exact: true });
}

async function calculate(): Promise<void> {
  await page.getByRole('button', { name: 'Calculate ROI' }).click();
  await page.getByRole('region', { name: 'Annual Savings Breakdown' }).waitFor();
}

/** The <dd> value beside a <dt> label in a named result card. */
async function result(card: string, label: string): Promise<string | null> {
  return page
    .getByRole('region', { name: card })
    .locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`)
    .textContent();
}

describe('savings calculator', () => {
  it('shows the defaults and the hint before calculating', async () => {
    expect(await field('Number of Satellites').inputValue()).toBe('100');
    expect(await field('Cost per Satellite (USD)').inputValue()).toBe('100,000');
    expect(await field('Annual Loss Rate (%)').inputValue()).toBe('5');
    expect(await field('Prevention Rate (%)').inputValue()).toBe('10');
    expect(await field('Prevented Downtime (%)').inputValue()).toBe('10');
    expect(await field('Annual Insurance (USD)').inputValue()).toBe('1,000,000');
    expect(await field('Insurance Discount (%)').inputValue()).toBe('5');
    expect(await field('Annual Fuel Savings (USD)').inputValue()).toBe('10,000');
    expect(await field('Annual Revenue at Risk (USD)').inputValue()).toBe('1,000,000');
    expect(await field('Data Service Cost (USD)').inputValue()).toBe('150,000');
    expect(await page.getByText(HINT).isVisible()).toBe(true);
  });

  it('computes the spec figures from the defaults', async () => {
    await calculate();
    expect(await page.getByText(HINT).count()).toBe(0);
    expect(await result('Annual Savings Breakdown', 'Total Savings')).toBe('$210,000');
    expect(await result('ROI Analysis', 'Net Gain')).toBe('$60,000');
    expect(await result('ROI Analysis', 'ROI')).toBe('40.0%');
    expect(await result('ROI Analysis', 'Payback Period')).toBe('8.6 months');
    expect(await result('Key Insights', 'Protected Assets')).toBe('$10,000,000');
    await page.screenshot({ path: `${SCREENS_DIR}/calc-results.png`, fullPage: true });
  });

  it('hides the results when an input is edited', async () => {
    await calculate();
    await field('Number of Satellites').fill('120');
    expect(await page.getByRole('region', { name: 'Annual Savings Breakdown' }).count()).toBe(0);
    expect(await page.getByText(HINT).isVisible()).toBe(true);
  });

  it("accepts '1,500,000' typed with separators", async () => {
    const revenue = field('Annual Revenue at Risk (USD)');
    await revenue.fill('');
    await revenue.pressSequentially('1,500,000');
    expect(await revenue.inputValue()).toBe('1,500,000');
    await calculate();
    expect(await result('Annual Savings Breakdown', 'Revenue Protected')).toBe('$150,000');
  });

  it("ignores 'abc'", async () => {
    const cost = field('Cost per Satellite (USD)');
    await cost.pressSequentially('abc');
    expect(await cost.inputValue()).toBe('100,000');
    await calculate();
    expect(await result('Key Insights', 'Protected Assets')).toBe('$10,000,000');
  });

  it('stores percent fields as fractions', async () => {
    await field('Annual Loss Rate (%)').fill('10');
    await calculate();
    // 100 satellites × $100,000 × 10 % × 10 %
    expect(await result('Annual Savings Breakdown', 'Replacement Savings')).toBe('$100,000');
  });
});
