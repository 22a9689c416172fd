import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { AuditScreen } from './audit-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const step = (name: string, label: string, ok = true, detail?: string) =>
  JSON.stringify({ type: 'step', step: name, label, ok, ...(detail && { detail }) });

/** fetch answering the audit with a stream whose lines the test sends one by one. */
function streamAudit() {
  let push: (text: string | null) => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (text) =>
        text === null ? controller.close() : controller.enqueue(encoder.encode(text));
    },
  });
  const fetchMock = vi.fn(async () => new Response(body, { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return { push: (text: string | null) => push(text), fetchMock };
}

function renderPage() {
  renderScreen(<AuditScreen />, { path: '/admin/audit' });
  return userEvent.setup();
}

describe('AuditScreen', () => {
  it('shows each step as it ends, then "Audit terminé : TOUT OK"', async () => {
    const audit = streamAudit();
    const user = renderPage();
    expect(screen.getByText('Aucun audit lancé.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Lancer l’audit' }));
    expect(screen.getByRole('button', { name: 'Audit en cours…' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(audit.fetchMock).toHaveBeenCalledWith(
      '/api/admin/audit',
      expect.objectContaining({ method: 'POST' }),
    );

    const admin = step('admin', 'Droits administrateur');
    audit.push(`${step('session', 'Session')}\n${admin.slice(0, 30)}`);
    const log = screen.getByRole('log', { name: 'Journal de l’audit' });
    expect(await screen.findByText('Session')).toBeTruthy();
    // A line cut in two arrives whole.
    audit.push(`${admin.slice(30)}\n`);
    expect(await screen.findByText('Droits administrateur')).toBeTruthy();
    audit.push(`${step('size', 'Taille du JPEG', true, '5120\u00a0octets')}\n`);
    audit.push(
      `${JSON.stringify({ type: 'done', ok: true, message: 'Audit terminé : TOUT OK' })}\n`,
    );
    audit.push(null);
    expect((await screen.findByRole('status')).textContent).toBe('Audit terminé : TOUT OK');
    expect(log.querySelectorAll('li')).toHaveLength(3);
    expect(log.textContent).toContain('Réussi');
    expect(screen.getByRole('button', { name: 'Lancer l’audit' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('stops at the first failure with "Échec: …"', async () => {
    const audit = streamAudit();
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Lancer l’audit' }));
    audit.push(`${step('session', 'Session')}\n`);
    audit.push(`${step('store', 'Enregistrement du fichier', false, 'Aucun livre.')}\n`);
    audit.push(`${JSON.stringify({ type: 'done', ok: false, message: 'Échec: Aucun livre.' })}\n`);
    audit.push(null);
    expect((await screen.findByRole('status')).textContent).toBe('Échec: Aucun livre.');
    expect(screen.getByRole('log').textContent).toContain('Échec');
  });

  it('ends with "Échec: …" when the stream is cut or the server refuses', async () => {
    const audit = streamAudit();
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Lancer l’audit' }));
    audit.push(`${step('session', 'Session')}\n`);
    audit.push(null);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Échec: La connexion au serveur a été interrompue.',
    );

    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: { code: 'FORBIDDEN', message: 'Accès refusé: Droits administrateur requis' } },
          { status: 403 },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Lancer l’audit' }));
    expect((await screen.findByText(/Droits administrateur requis/)).textContent).toBe(
      'Échec: Accès refusé: Droits administrateur requis',
    );
  });
});
