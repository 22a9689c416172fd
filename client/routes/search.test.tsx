import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { SearchPage } from './search';

afterEach(cleanup);

const robots = () => document.head.querySelector('meta[name="robots"]');

it('/search shows only the query, read-only, says results are coming and is not indexed', () => {
  const { unmount } = renderScreen(<SearchPage />, { path: '/search', at: '/search?q=voltaire' });
  const field = screen.getByRole('searchbox', { name: 'Ta recherche' }) as HTMLInputElement;
  expect(field.value).toBe('voltaire');
  expect(field.readOnly).toBe(true);
  expect(screen.getByText(/Les résultats de recherche arrivent bientôt/)).toBeTruthy();
  expect(robots()?.getAttribute('content')).toBe('noindex');
  unmount();
  expect(robots()).toBeNull();
});
