import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database on 127.0.0.1:5000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 5000, HOST: '127.0.0.1', DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.OPERATOR_LABEL.length).toBeGreaterThan(0);
  });

  it('reads PORT, HOST, DATA_DIR, DATABASE_URL and OPERATOR_LABEL', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/dataforge',
      DATABASE_URL: 'postgresql://ssa:secret@db:5432/ssa',
      OPERATOR_LABEL: 'Ops Shift B',
    });
    expect(config).toMatchObject({ PORT: 8080, HOST: '0.0.0.0', DATA_DIR: '/var/lib/dataforge', OPERATOR_LABEL: 'Ops Shift B' });
    expect(config.DATABASE_URL).toBe('postgresql://ssa:secret@db:5432/ssa');
  });

  it('runs a catalogue-wide geometry on one thread unless CATALOG_SCREENING_THREADS says more, and refuses a count that is not one', () => {
    expect(loadConfig({}).CATALOG_SCREENING_THREADS).toBe(1);
    expect(loadConfig({ CATALOG_SCREENING_THREADS: '2' }).CATALOG_SCREENING_THREADS).toBe(2);
    expect(() => loadConfig({ CATALOG_SCREENING_THREADS: '0' })).toThrow(/CATALOG_SCREENING_THREADS: must be at least 1/);
    expect(() => loadConfig({ CATALOG_SCREENING_THREADS: '1.5' })).toThrow(/CATALOG_SCREENING_THREADS: must be a whole number of threads/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' })).toMatchObject({ DATABASE_URL: undefined, PORT: 5000 });
  });

  it('names every bad variable and its value', () => {
    const attempt = () => loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT: must be 0-65535 \(got "70000"\)/);
      expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ connection URL/);
      expect(message).toMatch(/LOG_LEVEL:/);
    }
  });

  it('rejects a non-numeric port', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT: must be a port number \(got "abc"\)/);
  });
});

describe('loadConfig: continuous screening and threat assessment', () => {
  it('has the operations defaults', () => {
    expect(loadConfig({})).toMatchObject({
      SCREENING: 'on',
      SCREENING_INTERVAL_MINUTES: 15,
      SCREENING_WINDOW_DAYS: 7,
      SCREENING_THRESHOLD_KM: 5,
      ALERT_LEVEL: 'high',
      ADVERSARY_OWNERS: ['CIS', 'IRAN'],
      ALLY_OWNERS: [],
      ADVERSARY_SCREENING_KM: 100,
    });
  });

  it('reads the operations variables, with the spec country aliases', () => {
    const config = loadConfig({
      SCREENING: 'off',
      SCREENING_INTERVAL_MINUTES: '5',
      SCREENING_WINDOW_DAYS: '2.5',
      SCREENING_THRESHOLD_KM: '10',
      ALERT_LEVEL: 'critical',
      ADVERSARY_OWNERS: 'ru, ir,PRC',
      ALLY_OWNERS: 'US,FR',
      ADVERSARY_SCREENING_KM: '50',
    });
    expect(config).toMatchObject({
      SCREENING: 'off',
      SCREENING_INTERVAL_MINUTES: 5,
      SCREENING_WINDOW_DAYS: 2.5,
      SCREENING_THRESHOLD_KM: 10,
      ALERT_LEVEL: 'critical',
      ADVERSARY_OWNERS: ['CIS', 'IRAN', 'PRC'],
      ALLY_OWNERS: ['US', 'FR'],
      ADVERSARY_SCREENING_KM: 50,
    });
  });

  it('treats empty owner lists as unset', () => {
    expect(loadConfig({ ADVERSARY_OWNERS: ' ', ALLY_OWNERS: '' })).toMatchObject({ ADVERSARY_OWNERS: ['CIS', 'IRAN'], ALLY_OWNERS: [] });
  });

  it('rejects bad operations values, naming each', () => {
    const attempt = () =>
      loadConfig({ SCREENING: 'maybe', SCREENING_WINDOW_DAYS: '8', SCREENING_INTERVAL_MINUTES: '0', SCREENING_THRESHOLD_KM: 'far', ALERT_LEVEL: 'medium', ADVERSARY_OWNERS: 'CIS;IRAN' });
    expect(attempt).toThrow(ConfigError);
    const message = (() => {
      try {
        attempt();
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/SCREENING: must be 'on' or 'off'/);
    expect(message).toMatch(/SCREENING_WINDOW_DAYS: must be at most 7 \(got "8"\)/);
    expect(message).toMatch(/SCREENING_INTERVAL_MINUTES: must be a positive number of minutes/);
    expect(message).toMatch(/SCREENING_THRESHOLD_KM: must be a distance in km/);
    expect(message).toMatch(/ALERT_LEVEL: must be 'high' or 'critical'/);
    expect(message).toMatch(/ADVERSARY_OWNERS: must be comma-separated SATCAT owner codes/);
  });
});
