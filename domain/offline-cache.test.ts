import { describe, expect, it } from 'vitest';
import { isBookRead, isCatalogueRead, isReaderRead, opensOffline } from './offline-cache';

describe('what the service worker keeps', () => {
  it('catalogue reads, but never a book’s validation, question or answer', () => {
    expect(isCatalogueRead('/api/books')).toBe(true);
    expect(isCatalogueRead('/api/search')).toBe(true);
    expect(isBookRead('/api/books/le-horla-guy-de-maupassant')).toBe(true);
    expect(isCatalogueRead('/api/books/le-horla-guy-de-maupassant')).toBe(false);
    for (const path of ['validation', 'question', 'answer', 'joker']) {
      expect(isCatalogueRead(`/api/books/abc/${path}`)).toBe(false);
      expect(isBookRead(`/api/books/abc/${path}`)).toBe(false);
      expect(isReaderRead(`/api/books/abc/${path}`)).toBe(false);
    }
  });

  it('the reader’s session and list, network first', () => {
    expect(isReaderRead('/api/auth/session')).toBe(true);
    expect(isReaderRead('/api/reading-list')).toBe(true);
    expect(isReaderRead('/api/notifications')).toBe(false);
  });

  it('the reader’s screens open offline from the shell; other pages get the offline page', () => {
    for (const path of ['/home', '/reading-list', '/books/candide', '/book/candide']) {
      expect(opensOffline(path)).toBe(true);
    }
    for (const path of ['/', '/blog', '/books/candide/chat', '/admin']) {
      expect(opensOffline(path)).toBe(false);
    }
  });
});
