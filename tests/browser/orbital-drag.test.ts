import { beforeEach, describe, expect, it } from 'vitest';
import { SCREENS_DIR, useBrowserSuite } from './harness.ts';

// The Orbital Drag page (spec §2) against the real /api/orbital-drag and /api/drag-calculator routes.

const TABS = ['Real-Time', 'Predictions', 'Atmospheric', 'Orbit Decay', 'Space Weather', 'Models', 'Satellite Data'];

const web = useBrowserSuite();

beforeEach(async () => {
  await web.page.goto(`${web.app.baseUrl}/orbital-drag`);
  await web.page.getByRole('heading', { level: 1, name: 'Orbital Drag Modeling' }).waitFor();
  await web.page.getByRole('tablist').waitFor({ timeout: 60_000 });
});

describe('Orbital Drag page', () => {
  it('shows the Live indicator, the Model Accuracy badge and the seven tabs, Real-Time first', async () => {
    expect(await web.page.getByText('Live', { exact: true }).isVisible()).toBe(true);
    expect(await web.page.getByText(/^Model Accuracy: \d+(\.\d)?%$/).isVisible()).toBe(true);
    expect(await web.page.getByRole('tab').allTextContents()).toEqual(TABS);
    expect(await web.page.getByRole('tab', { name: 'Real-Time' }).getAttribute('aria-selected')).toBe('true');
    await web.page.getByText('Atmospheric Density by Altitude').waitFor({ timeout: 60_000 });
    await web.page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-realtime.png`, fullPage: true });
  });

  it('Real-Time: the Demo-data unit table and sketch, and the NRLMSISE-00 composition chart with a line per species', async () => {
    const sensors = web.page.getByRole('region', { name: 'Atmospheric Sensor Network' });
    expect(await sensors.getByText('Demo data').isVisible()).toBe(true);
    expect(await sensors.getByRole('table', { name: 'Sensor units' }).getByRole('row').count()).toBe(5);
    // The modelled densities come with the space-weather snapshot, which a loaded machine may still be
    // building: wait for them (isVisible does not wait; a CI run under load saw them a moment late).
    await sensors.getByText(/modelled \(NRLMSISE-00\)/).first().waitFor({ timeout: 60_000 });
    expect(await sensors.getByText(/modelled \(NRLMSISE-00\)/).first().isVisible()).toBe(true);
    expect(await sensors.getByRole('img', { name: 'Constellation positions (illustrative)' }).isVisible()).toBe(true);
    const chart = web.page.getByRole('region', { name: 'Composition by Altitude' });
    await chart.locator('.recharts-line').first().waitFor({ timeout: 60_000 });
    expect(await chart.locator('.recharts-line').count()).toBe(7);
    await web.page.getByText('Atmospheric Density by Altitude').waitFor({ timeout: 60_000 });
    await web.page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-realtime-2.png`, fullPage: true });
  });

  it('switches between the tabs', async () => {
    for (const name of TABS) {
      await web.page.getByRole('tab', { name }).click();
      expect(await web.page.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true');
    }
    await web.page.getByRole('tab', { name: 'Predictions' }).click();
    await web.page.getByRole('tabpanel').getByRole('table').waitFor();
    await web.page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-predictions.png`, fullPage: true });
    await web.page.getByRole('tab', { name: 'Orbit Decay' }).click();
    await web.page.getByText('30-Day Altitude Decay Forecast').waitFor({ timeout: 60_000 });
    await web.page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-decay.png`, fullPage: true });
    await web.page.getByRole('tab', { name: 'Models' }).click();
    await web.page.getByRole('region', { name: 'Model Comparison' }).waitFor();
    await web.page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-models.png`, fullPage: true });
    await web.page.getByRole('tab', { name: 'Space Weather' }).click();
    await web.page.getByRole('region', { name: 'Space Weather Forecast' }).waitFor({ timeout: 60_000 });
    await web.page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-space-weather.png`, fullPage: true });
  });

  it('a preset fills the form and a calculation shows a result', async () => {
    await web.page.getByRole('tab', { name: 'Satellite Data' }).click();
    const calculate = web.page.getByRole('button', { name: 'Calculate Drag Parameters' });
    expect(await calculate.isDisabled()).toBe(true);
    await web.page.getByRole('combobox', { name: 'Preset' }).click();
    await web.page.getByRole('option', { name: 'Ofeq-16' }).click();
    expect(await web.page.getByLabel('Satellite Name').inputValue()).toBe('Ofeq-16');
    expect(await web.page.getByLabel('Mass (kg)').inputValue()).toBe('400');
    expect(await web.page.getByLabel('Cross-sectional Area (m²)').inputValue()).toBe('3.2');
    expect(await web.page.getByLabel('Altitude (km)').inputValue()).toBe('450');
    expect(await web.page.getByLabel('Drag Coefficient').inputValue()).toBe('2.3');
    // Spec §5: disabled unless name, mass and area are non-empty and non-zero.
    expect(await calculate.isDisabled()).toBe(false);
    const mass = web.page.getByLabel('Mass (kg)');
    await mass.fill('0');
    expect(await calculate.isDisabled()).toBe(true);
    await mass.fill('');
    expect(await calculate.isDisabled()).toBe(true);
    await mass.fill('400');
    await web.page.getByLabel('Satellite Name').fill('');
    expect(await calculate.isDisabled()).toBe(true);
    await web.page.getByLabel('Satellite Name').fill('Ofeq-16');
    expect(await calculate.isDisabled()).toBe(false);
    await calculate.click();
    const result = web.page.getByRole('listitem', { name: 'Ofeq-16 calculation' });
    await result.waitFor({ timeout: 60_000 });
    expect(await result.getByText(/^\d\.\d\de[-+]\d+ N$/).isVisible()).toBe(true);
    expect(await web.page.getByText('Showing last 3 calculations (1 total)').isVisible()).toBe(true);
    await web.page.screenshot({ path: `${SCREENS_DIR}/orbital-drag-satellite-data.png`, fullPage: true });
  });
});
