import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A browser's side of a push subscription: its P-256 key pair and auth secret. */
export type BrowserKeys = { p256dh: string; auth: string; decrypt: (body: Buffer) => string };

/** A received push: its path, headers and the decrypted text. */
export type ReceivedPush = { path: string; headers: Record<string, string>; text: string };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * Keys a browser would create for PushManager.subscribe, and the decryption it would do on
 * receipt: RFC 8291 (Web Push message encryption) over RFC 8188 (aes128gcm content coding),
 * written from the RFCs with node:crypto.
 */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: uaPublic.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body) {
      // RFC 8188 §2.1 header: salt (16) | record size (4) | key id length (1) | key id.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength); // the server's ephemeral public key
      const records = body.subarray(21 + idLength);
      // RFC 8291 §3.3-3.4: the input keying material from the shared secret and auth secret.
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const prkKey = hmac(authSecret, ecdhSecret);
      const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
      // RFC 8188 §2.2-2.3: content encryption key and nonce.
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      // One record (a reminder is far below the record size): ciphertext then a 16-byte tag.
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(records.subarray(records.length - 16));
      const padded = Buffer.concat([
        decipher.update(records.subarray(0, records.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('not a last record (no 0x02 delimiter)');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * A local push service (https, self-signed for localhost): every POST to /push/<id> is
 * decrypted with the keys registered for that id and recorded. `gone(id)` makes it answer
 * 410 Gone for that subscription, as a push service does once the browser dropped it.
 */
export function pushEndpoint() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lisons-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'));
  const keys = new Map<string, BrowserKeys>();
  const goneIds = new Set<string>();
  const received: ReceivedPush[] = [];
  const server = https.createServer(
    { key: fs.readFileSync(path.join(dir, 'key.pem')), cert },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = (req.url ?? '').replace(/^\/push\//, '');
        if (goneIds.has(id)) return res.writeHead(410).end();
        const browser = keys.get(id);
        if (!browser) return res.writeHead(404).end();
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, String(v)]),
        );
        received.push({
          path: req.url ?? '',
          headers,
          text: browser.decrypt(Buffer.concat(chunks)),
        });
        res.writeHead(201).end();
      });
    },
  );
  let port = 0;
  return {
    cert,
    received,
    /** A new browser subscription on this service: its endpoint and keys (PushSubscription.toJSON()). */
    subscription(id: string) {
      const browser = browserKeys();
      keys.set(id, browser);
      return {
        endpoint: `https://localhost:${port}/push/${id}`,
        keys: { p256dh: browser.p256dh, auth: browser.auth },
      };
    },
    gone: (id: string) => goneIds.add(id),
    start: () =>
      new Promise<void>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          port = (server.address() as AddressInfo).port;
          resolve();
        }),
      ),
    stop: () => {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
