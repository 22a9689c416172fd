import { SEGMENT_PAGES, segmentPages } from './segments';

// KOReader's progress sync (decision 053, docs/architecture.md#koreader-progress-sync): the
// protocol's shapes and limits, and what a device's position means in Lisons. Shared by the
// server, which answers the devices, and the client, which shows the page reached.

/** Where the protocol is served: the « Custom sync server » a KOReader user types is PUBLIC_URL + this. */
export const KOSYNC_PATH = '/kosync';

/** The media type of the protocol (KOReader's Accept header, and our answers). */
export const KOSYNC_MEDIA_TYPE = 'application/vnd.koreader.v1+json';

/** A document as KOReader names it: the MD5 digest of its file (or name), 32 hex characters. */
export const KOSYNC_DOCUMENT = /^[0-9a-f]{32}$/i;

/** The protocol's error codes (koreader-sync-server's config/errors.lua), with their statuses. */
export const KOSYNC_CODES = {
  unauthorized: { code: 2001, status: 401 },
  invalidRequest: { code: 2003, status: 403 },
  documentMissing: { code: 2004, status: 403 },
  registrationDisabled: { code: 2005, status: 402 },
  // The framework's (gin) codes for a body that is no JSON object.
  invalidJson: { code: 103, status: 400 },
  notAnObject: { code: 104, status: 400 },
  // Ours: the protocol has none for these (decision 053).
  tooLarge: { code: 2003, status: 413 },
  rateLimited: { code: 429, status: 429 },
  notFound: { code: 404, status: 404 },
  // The reference server's own for its store being down, and for anything else.
  unavailable: { code: 1000, status: 503 },
  internal: { code: 2000, status: 500 },
} as const;
export type KosyncError = keyof typeof KOSYNC_CODES;

/** Sizes a push may not exceed; metadata longer than its field is cut, never refused. */
export const KOSYNC_LIMITS = {
  /** The whole body, in bytes: a push is a few hundred. */
  bodyBytes: 16_384,
  /** An XPointer (EPUB) or a page number (PDF), as text. */
  progress: 1_000,
  device: 100,
  deviceId: 100,
  /** Title, authors and file name of the optional `metadata` (kept, cut to this). */
  metadata: 300,
  /** The x-auth-user and x-auth-key headers. */
  header: 320,
} as const;

/**
 * Requests allowed (decision 053): KOReader pushes and pulls at most once per 25 s per
 * document, so a device far above that is a loop or a script.
 */
export const KOSYNC_RATES = {
  /** Every request of one device password. */
  perDevice: { limit: 60, windowMs: 60_000 },
  /** Every request from one address, whoever it claims to be (a household, a library's NAT). */
  perAddress: { limit: 600, windowMs: 60_000 },
  /** Wrong or missing credentials from one address. */
  failuresPerAddress: { limit: 30, windowMs: 15 * 60_000 },
} as const;

/** Device passwords one reader may hold, and documents their devices may report. */
export const DEVICES_PER_READER = 10;
export const DOCUMENTS_PER_READER = 2_000;

/** A device's name, as the reader types it in Paramètres. */
export const DEVICE_NAME_MAX = 40;

/**
 * Device passwords: 16 characters in groups of 4, from an alphabet without look-alikes
 * (no i, l, o, 0, 1), easy to type on an e-reader's keyboard; about 79 bits of randomness.
 */
export const DEVICE_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const DEVICE_PASSWORD_LENGTH = 16;

/** A password of DEVICE_PASSWORD_LENGTH characters shown in groups of 4 ('abcd-efgh-…'). */
export function groupedPassword(characters: string): string {
  return characters.match(/.{1,4}/g)?.join('-') ?? characters;
}

/**
 * The page a device reached: its percentage of the book's pages, rounded down, from 0 to
 * the last page. The device's own pages (font, screen) are not Lisons' pages; the
 * percentage is what both share.
 */
export function devicePage(percentage: number, totalPages: number): number {
  const pages = Math.max(0, Math.floor(totalPages));
  if (!Number.isFinite(percentage) || pages === 0) return 0;
  const clamped = Math.min(1, Math.max(0, percentage));
  // 0.29 × 100 is 28.999999999999996 in floating point: a millionth of slack.
  return Math.min(pages, Math.floor(clamped * pages + 1e-6));
}

/**
 * The segment a device invites the reader to validate: the next one (validated + 1) once
 * the page reached is at or past its last page, else null (and null once the book is done).
 * The device never validates anything itself: the reader answers its question.
 */
export function segmentToValidate(p: {
  validated: number;
  expectedSegments: number;
  totalPages: number;
  page: number;
}): number | null {
  if (p.validated >= p.expectedSegments) return null;
  const next = Math.max(1, p.validated + 1);
  return p.page >= segmentPages(next, p.totalPages).to ? next : null;
}

/** The last page of segment n, capped at the book (what the invitation says). */
export function segmentEndPage(n: number, totalPages: number): number {
  return Math.min(SEGMENT_PAGES * n, totalPages);
}

/**
 * What the protocol's GET answers for a stored position: the percentage as stored, the
 * progress string byte for byte, and the write's time in Unix seconds (not milliseconds:
 * KOReader compares it with its own clock in seconds).
 */
export type KosyncPosition = {
  document: string;
  percentage: number;
  progress: string;
  device: string;
  device_id?: string;
  timestamp: number;
};

/** A push's fields once checked: metadata cut to size, empty or absent parts null. */
export type PushBody = {
  document: string;
  percentage: number;
  progress: string;
  device: string;
  deviceId: string | null;
  title: string | null;
  authors: string | null;
  filename: string | null;
};

/** Why a push or a pull is refused, and in which words (kosyncProtocolMessages' keys). */
export type ProtocolRefusal = {
  error: KosyncError;
  message:
    | 'documentInvalid'
    | 'percentageInvalid'
    | 'progressInvalid'
    | 'deviceInvalid'
    | 'deviceIdInvalid'
    | 'notAnObject';
};

/** The document of a pull's path or a push's body, lower-cased, or null when it is no digest. */
export function documentOf(value: unknown): string | null {
  return typeof value === 'string' && KOSYNC_DOCUMENT.test(value) ? value.toLowerCase() : null;
}

const metadataText = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const text = value.trim().slice(0, KOSYNC_LIMITS.metadata);
  return text === '' ? null : text;
};

/**
 * Checks a push as KOReader sends it (document, progress, percentage, device, device_id and
 * the optional metadata): the reference server's rules, and ours where it has none (a
 * document is an MD5 digest, a percentage is within 0 to 1, every text has a size). A
 * percentage may come as a numeric text, as the reference server reads it with tonumber.
 * Unknown fields (a newer client's) are ignored, and so is metadata that is not an object.
 */
export function checkPush(body: unknown): { ok: PushBody } | { refused: ProtocolRefusal } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { refused: { error: 'notAnObject', message: 'notAnObject' } };
  }
  const b = body as Record<string, unknown>;
  const document = documentOf(b.document);
  if (!document) return { refused: { error: 'documentMissing', message: 'documentInvalid' } };
  const invalid = (message: ProtocolRefusal['message']) =>
    ({ refused: { error: 'invalidRequest', message } }) as const;
  const raw =
    typeof b.percentage === 'string' && b.percentage.trim() !== ''
      ? Number(b.percentage)
      : b.percentage;
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0 || raw > 1) {
    return invalid('percentageInvalid');
  }
  const progress = typeof b.progress === 'number' ? String(b.progress) : b.progress;
  if (typeof progress !== 'string' || progress === '' || progress.length > KOSYNC_LIMITS.progress) {
    return invalid('progressInvalid');
  }
  // Kept byte for byte: KOReader knows its own pushes by their device name and id.
  const device = typeof b.device === 'string' ? b.device : '';
  if (device.trim() === '' || device.length > KOSYNC_LIMITS.device) return invalid('deviceInvalid');
  const deviceId = b.device_id ?? null;
  if (
    deviceId !== null &&
    (typeof deviceId !== 'string' || deviceId.length > KOSYNC_LIMITS.deviceId)
  ) {
    return invalid('deviceIdInvalid');
  }
  const metadata =
    b.metadata !== null && typeof b.metadata === 'object' && !Array.isArray(b.metadata)
      ? (b.metadata as Record<string, unknown>)
      : {};
  return {
    ok: {
      document,
      percentage: raw,
      progress,
      device,
      deviceId: deviceId === '' ? null : deviceId,
      title: metadataText(metadata.title),
      authors: metadataText(metadata.authors),
      filename: metadataText(metadata.filename),
    },
  };
}
