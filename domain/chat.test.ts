import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX, chatLength, mayEnterChat } from './chat';

describe('chat access', () => {
  it('lets in a reader who finished the book, by status or by percent', () => {
    expect(mayEnterChat({ status: 'completed', progressPercent: 100 })).toBe(true);
    expect(mayEnterChat({ status: 'completed', progressPercent: 90 })).toBe(true);
    expect(mayEnterChat({ status: 'in_progress', progressPercent: 100 })).toBe(true);
  });

  it('refuses a reader still reading, and one with no progress at all (the old hole)', () => {
    expect(mayEnterChat({ status: 'in_progress', progressPercent: 99 })).toBe(false);
    expect(mayEnterChat({ status: 'to_read', progressPercent: 0 })).toBe(false);
    expect(mayEnterChat(null)).toBe(false);
    expect(mayEnterChat(undefined)).toBe(false);
  });
});

describe('message length', () => {
  it('counts characters as a reader does: an emoji or an accented letter is one', () => {
    expect(chatLength('')).toBe(0);
    expect(chatLength('été')).toBe(3);
    expect(chatLength('📚📚')).toBe(2);
    expect(chatLength('📚'.repeat(CHAT_MESSAGE_MAX))).toBe(CHAT_MESSAGE_MAX);
  });
});
