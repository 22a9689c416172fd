import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseConfig } from './config';

// What a deployment on PostgreSQL must give besides DATABASE_URL.
const deployment = {
  DATABASE_URL: 'postgres://u:p@db:5432/lisons',
  AUTH_SECRET: 'x'.repeat(32),
  PUBLIC_URL: 'https://lisons.example',
};

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
    const config = loadConfig(deployment);
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
      'Configuration invalide : TRUST_PROXY doit être un nombre de proxys (1, 2…), des adresses ou réseaux de proxys séparés par des virgules, ou false (reçu « yes »)',
    ],
    [
      'TRUST_PROXY',
      '10.0.0.0/33',
      'Configuration invalide : TRUST_PROXY doit être un nombre de proxys (1, 2…), des adresses ou réseaux de proxys séparés par des virgules, ou false (reçu « 10.0.0.0/33 »)',
    ],
    [
      'AUTH_SECRET',
      'court',
      'Configuration invalide : AUTH_SECRET doit contenir au moins 32 caractères (reçu 5 caractères)',
    ],
  ])('refuses %s=%s with a one-line message naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new ConfigError(message));
  });

  describe('TRUST_PROXY', () => {
    it('trusts no proxy by default, nor with false or 0', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    });

    it('takes a hop count: the peer and the next entries from the right are proxies', () => {
      const trusts = (value: string) => {
        const trust = loadConfig({ TRUST_PROXY: value }).trustProxy;
        if (typeof trust !== 'function') throw new Error('expected a trust function');
        return [0, 1, 2].map((hop) => trust('10.0.0.1', hop));
      };
      expect(trusts('1')).toEqual([true, false, false]);
      expect(trusts('2')).toEqual([true, true, false]);
    });

    it('takes a comma-separated list of proxy addresses and networks', () => {
      expect(
        loadConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,fd00::/8,loopback' }).trustProxy,
      ).toEqual(['10.0.0.2', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    });

    it('refuses true, which would let every client choose its address', () => {
      expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
        new ConfigError(
          'Configuration invalide : TRUST_PROXY ne peut plus valoir true (tout client choisirait son adresse IP) : indique le nombre de proxys devant Lisons (1, 2…) ou leurs adresses (ex. 10.0.0.2,10.1.0.0/16) (reçu « true »)',
        ),
      );
    });
  });

  describe('with DATABASE_URL (a real deployment)', () => {
    it('starts with a secret and an https public address', () => {
      const config = loadConfig(deployment);
      expect(config.authSecret).toBe('x'.repeat(32));
      expect(config.publicUrl).toBe('https://lisons.example');
    });

    it('refuses to start without AUTH_SECRET', () => {
      expect(() => loadConfig({ ...deployment, AUTH_SECRET: undefined })).toThrow(
        new ConfigError(
          'Configuration invalide : AUTH_SECRET est obligatoire avec DATABASE_URL : au moins 32 caractères aléatoires, les mêmes pour tous les processus (ex. openssl rand -base64 32)',
        ),
      );
    });

    it('refuses a public address that is missing or not https', () => {
      const message =
        'Configuration invalide : PUBLIC_URL doit être l’adresse https://… où les lecteurs ouvrent Lisons quand DATABASE_URL est défini (cookies Secure, liens des e-mails)';
      expect(() => loadConfig({ ...deployment, PUBLIC_URL: undefined })).toThrow(
        new ConfigError(message),
      );
      expect(() => loadConfig({ ...deployment, PUBLIC_URL: 'http://lisons.example' })).toThrow(
        new ConfigError(`${message} (reçu « http://lisons.example »)`),
      );
    });

    it('lets the command-line tools find the database without the server settings', () => {
      expect(loadDatabaseConfig({ DATABASE_URL: deployment.DATABASE_URL })).toEqual({
        kind: 'postgres',
        url: deployment.DATABASE_URL,
      });
    });
  });

  it('keeps the embedded default working with nothing set (secret kept in the database)', () => {
    const config = loadConfig({});
    expect(config.authSecret).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.demoCatalogue).toBe(true);
  });
});
