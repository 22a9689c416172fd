import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditTrail } from '../../domain/admin-audit.schemas';
import { mockApi } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { AdminJournalPage } from './admin-journal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Two administrators may carry names that look alike: the journal adds each one's e-mail.
const plume = { id: 'a1', name: 'Plume 104', email: 'claire@lisons.app' };
const trail: AuditTrail = {
  items: [
    {
      id: 'e1',
      admin: plume,
      action: 'book.update',
      entity: 'book',
      entityId: 'b1',
      before: null,
      after: null,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  page: 1,
  pageCount: 1,
  total: 1,
  options: { admins: [plume], actions: ['book.update'], entities: ['book'] },
};

describe('the administrators journal', () => {
  it('names each administrator by display name and e-mail, in the list and the filter', async () => {
    mockApi({ 'GET /api/admin/audit-trail?page=1': { body: trail } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderScreen(
      <QueryClientProvider client={client}>
        <AdminJournalPage />
      </QueryClientProvider>,
      { path: '/admin/journal' },
    );
    const entry = await screen.findByRole('listitem');
    expect(within(entry).getByText('Plume 104 (claire@lisons.app)')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Plume 104 (claire@lisons.app)' })).toBeTruthy();
  });
});
