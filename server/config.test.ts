import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with nothing set: port 3000, embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('production');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data') });
  });

  it('takes PORT and DATA_DIR from the environment', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/lisons-x' });
    expect(config.port).toBe(8080);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/tmp/lisons-x' });
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/lisons' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/lisons' });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it.each([
    ['PORT', 'abc', 'Configuration invalide : PORT doit être un nombre (reçu « abc »)'],
    ['PORT', '70000', 'Configuration invalide : PORT doit être entre 1 et 65535 (reçu « 70000 »)'],
    ['PORT', '3.5', 'Configuration invalide : PORT doit être un entier (reçu « 3.5 »)'],
    [
      'DATABASE_URL',
      'mysql://x',
      'Configuration invalide : DATABASE_URL doit être une adresse postgres://… (reçu « mysql://x »)',
    ],
    [
      'NODE_ENV',
      'staging',
      'Configuration invalide : NODE_ENV doit valoir development, production ou test (reçu « staging »)',
    ],
    [
      'TRUST_PROXY',
      'yes',
      'Configuration invalide : TRUST_PROXY doit valoir true ou false (reçu « yes »)',
    ],
  ])('refuses %s=%s with a one-line message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(message));
  });
});
