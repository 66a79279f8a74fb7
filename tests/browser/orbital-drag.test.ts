import { mkdir } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectPageErrors, launchChromium, type RunningApp, SCREENS_DIR, startApp } from './harness.ts';

// The Orbital Drag page (spec §2) against the real /api/orbital-drag and /api/drag-calculator routes.

const TABS = ['Real-Time', 'Predictions', 'Atmospheric', 'Orbit Decay', 'Space Weather', 'Models', 'Satellite Data'];

let app: RunningApp;
let browser: Browser;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  app = await startApp();
  browser = await launchChromium();
  await mkdir(SCREENS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  pageErrors = collectPageErrors(page);
  await page.goto(`${app.baseUrl}/orbital-drag`);
  await page.getByRole('heading', { level: 1, name: 'Orbital Drag Modeling' }).waitFor();
  await page.getByRole('tablist').waitFor({ timeout: 60_000 });
});

afterEach(async () => {
  await page.close();
  expect(pageErrors).toEqual([]);
});

describe('Orbital Drag page', () => {
  it('shows the Live indicator, the Model Accuracy badge and the seven tabs, Real-Time first', async () => {
    expect(await page.getByText('Live', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/^Model Accuracy: \d+(\.\d)?%$/).isVisible()).toBe(true);
    expect(await page.getByRole('tab').allTextContents()).toEqual(TABS);
    expect(await page.getByRole('tab', { name: 'Real-Time' }).getAttribute('aria-selected')).toBe('true');
    await page.getByText('Atmospheric Density by Altitude').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-realtime.png`, fullPage: true });
  });

  it('Real-Time: the Demo-data unit table and sketch, and the NRLMSISE-00 composition chart with a line per species', async () => {
    const sensors = page.getByRole('region', { name: 'Atmospheric Sensor Network' });
    expect(await sensors.getByText('Demo data').isVisible()).toBe(true);
    expect(await sensors.getByRole('table', { name: 'Sensor units' }).getByRole('row').count()).toBe(5);
    expect(await sensors.getByText(/modelled \(NRLMSISE-00\)/).isVisible()).toBe(true);
    expect(await sensors.getByRole('img', { name: 'Constellation positions (illustrative)' }).isVisible()).toBe(true);
    const chart = page.getByRole('region', { name: 'Composition by Altitude' });
    await chart.locator('.recharts-line').first().waitFor({ timeout: 60_000 });
    expect(await chart.locator('.recharts-line').count()).toBe(7);
    await page.getByText('Atmospheric Density by Altitude').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-realtime-2.png`, fullPage: true });
  });

  it('switches between the tabs', async () => {
    for (const name of TABS) {
      await page.getByRole('tab', { name }).click();
      expect(await page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
    }
    await page.getByRole('tab', { name: 'Predictions' }).click();
    await page.getByRole('tabpanel').getByRole('table').waitFor();
    await page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-predictions.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Orbit Decay' }).click();
    await page.getByText('30-Day Altitude Decay Forecast').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-decay.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Models' }).click();
    await page.getByRole('region', { name: 'Model Comparison' }).waitFor();
    await page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-models.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Space Weather' }).click();
    await page.getByRole('region', { name: 'Space Weather Forecast' }).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-space-weather.png`, fullPage: true });
  });

  it('a preset fills the form and a calculation shows a result', async () => {
    await page.getByRole('tab', { name: 'Satellite Data' }).click();
    const calculate = page.getByRole('button', { name: 'Calculate Drag Parameters' });
    expect(await calculate.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Preset' }).click();
    await page.getByRole('option', { name: 'Ofeq-16' }).click();
    expect(await page.getByLabel('Satellite Name').inputValue()).toBe('Ofeq-16');
    expect(await page.getByLabel('Mass (kg)').inputValue()).toBe('400');
    expect(await page.getByLabel('Cross-sectional Area (m²)').inputValue()).toBe('3.2');
    expect(await page.getByLabel('Altitude (km)').inputValue()).toBe('450');
    expect(await page.getByLabel('Drag Coefficient').inputValue()).toBe('2.3');
    // Spec §5: disabled unless name, mass and area are non-empty and non-zero.
    expect(await calculate.isDisabled()).toBe(false);
    const mass = page.getByLabel('Mass (kg)');
    await mass.fill('0');
    expect(await calculate.isDisabled()).toBe(true);
    await mass.fill('');
    expect(await calculate.isDisabled()).toBe(true);
    await mass.fill('400');
    await page.getByLabel('Satellite Name').fill('');
    expect(await calculate.isDisabled()).toBe(true);
    await page.getByLabel('Satellite Name').fill('Ofeq-16');
    expect(await calculate.isDisabled()).toBe(false);
    await calculate.click();
    const result = page.getByRole('listitem', { name: 'Ofeq-16 calculation' });
    await result.waitFor({ timeout: 60_000 });
    expect(await result.getByText(/^\d\.\d\de[-+]\d+ N$/).isVisible()).toBe(true);
    expect(await page.getByText('Showing last 3 calculations (1 total)').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-satellite-data.png`, fullPage: true });
  });
});
