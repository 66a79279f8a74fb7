import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, startApp, type RunningApp } from './harness.ts';

// Notifications (spec §4) raised through the 'dataforge:notify' window event.

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startApp({ env: { DEMO_CATALOG: 'off' } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

beforeEach(async () => {
  page = await browser.newPage();
  await page.goto(`${app.baseUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
});

afterEach(async () => {
  await page.close();
});

/** Dispatches the event as non-React code would. A string keeps DOM types out of this Node-typed file. */
async function notify(detail: { title: string; description?: string }): Promise<void> {
  await page.evaluate(`window.dispatchEvent(new CustomEvent('dataforge:notify', { detail: ${JSON.stringify(detail)} }))`);
}

function region() {
  return page.getByRole('region', { name: 'Notifications (F8)' });
}

describe('notifications', () => {
  it('shows a raised notification and closes it by itself after about 5 s', async () => {
    await notify({ title: 'Maneuver detected', description: 'OFEQ-16 changed its orbit' });
    const toast = region().getByText('Maneuver detected');
    await toast.waitFor({ state: 'visible', timeout: 2000 });
    const shownAt = Date.now();
    expect(await region().getByText('OFEQ-16 changed its orbit').isVisible()).toBe(true);

    await page.waitForTimeout(4000);
    expect(await toast.isVisible()).toBe(true);
    await toast.waitFor({ state: 'detached', timeout: 4000 });
    const elapsed = Date.now() - shownAt;
    expect(elapsed).toBeGreaterThanOrEqual(4500);
    expect(elapsed).toBeLessThan(7000);
  });

  it('shows only one notification when two are raised', async () => {
    await notify({ title: 'First alert' });
    await notify({ title: 'Second alert' });
    await region().getByText('Second alert').waitFor({ state: 'visible', timeout: 2000 });
    expect(await region().getByText('First alert').count()).toBe(0);
    expect(await region().getByRole('listitem').count()).toBe(1);
  });

  it('moves keyboard focus into the notification region on F8', async () => {
    await notify({ title: 'Focus target' });
    await region().getByText('Focus target').waitFor({ state: 'visible', timeout: 2000 });
    expect(await region().locator(':focus').count()).toBe(0);
    await page.keyboard.press('F8');
    expect(await region().locator(':focus').count()).toBe(1);
  });

  it('is dismissed by a swipe right beyond 50 px, and stays after a shorter one', async () => {
    await notify({ title: 'Swipe me' });
    const toast = region().getByRole('listitem');
    await region().getByText('Swipe me').waitFor({ state: 'visible', timeout: 2000 });
    const box = await toast.boundingBox();
    if (!box) throw new Error('notification has no box');
    const y = box.y + box.height / 2;
    const x = box.x + 20;

    // 30 px: under the threshold, the notification springs back.
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let dx = 5; dx <= 30; dx += 5) await page.mouse.move(x + dx, y);
    await page.mouse.up();
    await page.waitForTimeout(300);
    expect(await region().getByText('Swipe me').isVisible()).toBe(true);

    // 120 px: past the threshold, it is dismissed well before the 5 s auto-close.
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(x + dx, y);
    await page.mouse.up();
    await region().getByText('Swipe me').waitFor({ state: 'detached', timeout: 1500 });
  });
});
