import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the open-catalogue lookup’s configuration', () => {
  it('asks Open Library by default, within 4 s', () => {
    expect(loadConfig({}).bookLookup).toEqual({
      enabled: true,
      url: 'https://openlibrary.org',
      coversUrl: 'https://covers.openlibrary.org',
      timeoutMs: 4000,
    });
  });

  it('points elsewhere, drops a trailing slash, and turns off', () => {
    const config = loadConfig({
      BOOK_LOOKUP: 'off',
      BOOK_LOOKUP_URL: 'http://127.0.0.1:4050/ol/',
      BOOK_LOOKUP_COVERS_URL: 'https://covers.example/',
      BOOK_LOOKUP_TIMEOUT_MS: '300',
    });
    expect(config.bookLookup).toEqual({
      enabled: false,
      url: 'http://127.0.0.1:4050/ol',
      coversUrl: 'https://covers.example',
      timeoutMs: 300,
    });
  });

  it.each([
    [
      'BOOK_LOOKUP',
      'non',
      'Configuration invalide : BOOK_LOOKUP doit valoir on ou off (reçu « non »)',
    ],
    [
      'BOOK_LOOKUP_URL',
      'openlibrary.org',
      'Configuration invalide : BOOK_LOOKUP_URL doit être une adresse http(s)://… (reçu « openlibrary.org »)',
    ],
    [
      'BOOK_LOOKUP_COVERS_URL',
      'ftp://covers.example',
      'Configuration invalide : BOOK_LOOKUP_COVERS_URL doit être une adresse http(s)://… (reçu « ftp://covers.example »)',
    ],
    [
      'BOOK_LOOKUP_TIMEOUT_MS',
      '50',
      'Configuration invalide : BOOK_LOOKUP_TIMEOUT_MS doit être entre 100 et 30000 (millisecondes) (reçu « 50 »)',
    ],
    [
      'BOOK_LOOKUP_TIMEOUT_MS',
      'vite',
      'Configuration invalide : BOOK_LOOKUP_TIMEOUT_MS doit être un nombre (reçu « vite »)',
    ],
  ])('refuses %s=%s with a French message', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
