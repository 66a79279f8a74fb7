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
