import { describe, expect, it } from 'vitest';
import { ConfigError, loadBackupConfig, loadConfig } from './config';

// A wrong value is named in the one-line message, but a secret's value never is.
describe('configuration errors never print a secret', () => {
  it('gives AUTH_SECRET’s length, not its value', () => {
    const secret = 'tr0p-c0urt-mais-secret';
    const error = (() => {
      try {
        loadConfig({ AUTH_SECRET: secret });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toBe(
      'Configuration invalide : AUTH_SECRET doit contenir au moins 32 caractères (reçu 22 caractères)',
    );
    expect(error?.message).not.toContain(secret);
  });

  it('hides the password inside a wrong DATABASE_URL or SMTP_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://lisons:s3cret@db:3306/lisons' })).toThrow(
      'Configuration invalide : DATABASE_URL doit être une adresse postgres://… (reçu « mysql://lisons:***@db:3306/lisons »)',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail:s3cret@smtp.exemple.fr' })).toThrow(
      /reçu « http:\/\/mail:\*\*\*@smtp\.exemple\.fr »/,
    );
  });
});

describe('backup settings', () => {
  it('keeps 7 daily snapshots in DATA_DIR/backups by default', () => {
    expect(loadBackupConfig({ DATA_DIR: '/srv/lisons' }).backup).toEqual({
      dir: '/srv/lisons/backups',
      keep: 7,
    });
    expect(loadConfig({ BACKUP_DIR: '/mnt/sauvegardes', BACKUP_KEEP: '0' }).backup).toEqual({
      dir: '/mnt/sauvegardes',
      keep: 0,
    });
  });

  it('refuses a BACKUP_KEEP that is not a whole number', () => {
    expect(() => loadConfig({ BACKUP_KEEP: 'sept' })).toThrow(
      'Configuration invalide : BACKUP_KEEP doit être un nombre (reçu « sept »)',
    );
  });
});
