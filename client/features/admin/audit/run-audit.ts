import { coverAuditMessages as m } from '../../../../domain/messages/covers';
import { fill } from '../../../../domain/messages/fill';
import { toHttpError } from '../../../lib/api-client';

/** One line of the audit's log (server/modules/covers/cover-audit.ts). */
export type AuditLine =
  | { type: 'step'; step: string; label: string; ok: boolean; detail?: string }
  | { type: 'done'; ok: boolean; message: string };

/**
 * POST /api/admin/audit and reads its log as it comes (one JSON line per step), calling
 * `onLine` for each. A refusal throws the server's French message; a stream cut before
 * its last line ends with 'Échec: …' too.
 */
export async function runAudit(onLine: (line: AuditLine) => void): Promise<void> {
  const response = await fetch('/api/admin/audit', {
    method: 'POST',
    headers: { accept: 'application/x-ndjson' },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    throw toHttpError(response.status, await response.json().catch(() => undefined));
  }
  let finished = false;
  const handle = (text: string) => {
    if (!text.trim()) return;
    const line = JSON.parse(text) as AuditLine;
    if (line.type === 'done') finished = true;
    onLine(line);
  };
  const reader = response.body?.getReader();
  if (reader) {
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) handle(line);
    }
    handle(buffer);
  } else {
    for (const line of (await response.text()).split('\n')) handle(line);
  }
  if (!finished) {
    onLine({ type: 'done', ok: false, message: fill(m.failed, { message: m.streamFailed }) });
  }
}
