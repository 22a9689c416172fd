import { describe, expect, it } from 'vitest';
import {
  checkPush,
  DEVICE_PASSWORD_ALPHABET,
  devicePage,
  documentOf,
  groupedPassword,
  segmentEndPage,
  segmentToValidate,
} from './kosync';

const digest = '59d481d168cca6267322f150c5f6a2a3';
const push = {
  document: digest,
  progress: '/body/DocFragment[11]/body/div/p[7]/text().123',
  percentage: 0.4213,
  device: 'Kobo_clara',
  device_id: '1A2B3C4D5E6F',
};

describe('devicePage', () => {
  it('is the percentage of the book’s pages, rounded down, within 0 and the last page', () => {
    expect(devicePage(0.4, 300)).toBe(120);
    expect(devicePage(0.29, 100)).toBe(29);
    expect(devicePage(0, 300)).toBe(0);
    expect(devicePage(1, 300)).toBe(300);
    expect(devicePage(0.999, 120)).toBe(119);
    expect(devicePage(1.5, 120)).toBe(120);
    expect(devicePage(-1, 120)).toBe(0);
    expect(devicePage(Number.NaN, 120)).toBe(0);
    expect(devicePage(0.5, 0)).toBe(0);
  });
});

describe('segmentToValidate', () => {
  const book = { expectedSegments: 10, totalPages: 300 };
  it('invites to the next segment once the page reached is at its last page', () => {
    expect(segmentToValidate({ ...book, validated: 0, page: 29 })).toBeNull();
    expect(segmentToValidate({ ...book, validated: 0, page: 30 })).toBe(1);
    expect(segmentToValidate({ ...book, validated: 0, page: 120 })).toBe(1);
    expect(segmentToValidate({ ...book, validated: 3, page: 120 })).toBe(4);
    expect(segmentToValidate({ ...book, validated: 4, page: 120 })).toBeNull();
  });
  it('never past the book’s end, and the last segment ends with the book', () => {
    expect(segmentToValidate({ ...book, validated: 10, page: 300 })).toBeNull();
    const short = { expectedSegments: 4, totalPages: 100 };
    expect(segmentToValidate({ ...short, validated: 3, page: 99 })).toBeNull();
    expect(segmentToValidate({ ...short, validated: 3, page: 100 })).toBe(4);
    expect(segmentEndPage(4, 100)).toBe(100);
    expect(segmentEndPage(2, 100)).toBe(60);
  });
});

describe('checkPush', () => {
  it('takes KOReader’s push as it is sent, the document lower-cased', () => {
    expect(checkPush({ ...push, document: digest.toUpperCase() })).toEqual({
      ok: {
        document: digest,
        progress: push.progress,
        percentage: 0.4213,
        device: 'Kobo_clara',
        deviceId: '1A2B3C4D5E6F',
        title: null,
        authors: null,
        filename: null,
      },
    });
  });
  it('reads a numeric percentage text and a numeric position, as the reference server', () => {
    expect(checkPush({ ...push, percentage: '0.5', progress: 56 })).toMatchObject({
      ok: { percentage: 0.5, progress: '56' },
    });
  });
  it('keeps the device name byte for byte (KOReader knows its own pushes by it)', () => {
    expect(checkPush({ ...push, device: ' Kobo ' })).toMatchObject({ ok: { device: ' Kobo ' } });
  });
  it('cuts metadata to size and ignores it when it is not an object, or unknown fields', () => {
    const long = 'é'.repeat(400);
    const checked = checkPush({
      ...push,
      metadata: { title: ` ${long} `, authors: 5 },
      identifiers: [],
    });
    expect(checked).toMatchObject({ ok: { title: long.slice(0, 300), authors: null } });
    expect(checkPush({ ...push, metadata: 'x' })).toMatchObject({ ok: { title: null } });
  });
  it.each([
    [{ document: 'abc' }, 'documentMissing', 'documentInvalid'],
    [{ document: 5 }, 'documentMissing', 'documentInvalid'],
    [{ document: `${digest}:` }, 'documentMissing', 'documentInvalid'],
    [{ percentage: 1.0001 }, 'invalidRequest', 'percentageInvalid'],
    [{ percentage: Number.POSITIVE_INFINITY }, 'invalidRequest', 'percentageInvalid'],
    [{ percentage: '' }, 'invalidRequest', 'percentageInvalid'],
    [{ percentage: undefined }, 'invalidRequest', 'percentageInvalid'],
    [{ progress: undefined }, 'invalidRequest', 'progressInvalid'],
    [{ progress: {} }, 'invalidRequest', 'progressInvalid'],
    [{ device: '   ' }, 'invalidRequest', 'deviceInvalid'],
    [{ device_id: 'i'.repeat(101) }, 'invalidRequest', 'deviceIdInvalid'],
  ])('refuses %j', (change, error, message) => {
    expect(checkPush({ ...push, ...change })).toEqual({ refused: { error, message } });
  });
  it('refuses a body that is no object', () => {
    for (const body of [null, [], 'x', 5]) {
      expect(checkPush(body)).toEqual({
        refused: { error: 'notAnObject', message: 'notAnObject' },
      });
    }
  });
});

describe('documents and passwords', () => {
  it('knows a digest in either case, and nothing else', () => {
    expect(documentOf(digest.toUpperCase())).toBe(digest);
    expect(documentOf('../etc/passwd')).toBeNull();
    expect(documentOf(undefined)).toBeNull();
  });
  it('writes a password in groups of four, from an alphabet without look-alikes', () => {
    expect(groupedPassword('abcdefghjkmnpqrs')).toBe('abcd-efgh-jkmn-pqrs');
    expect(DEVICE_PASSWORD_ALPHABET).not.toMatch(/[ilo01]/);
  });
});
