import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppToaster } from '../app/toaster';

// jsdom has no pointer capture, which sonner's toasts use when pressed (a click on a
// toast's action button would throw outside the test and fail the run).
if (!Element.prototype.setPointerCapture) {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
}

function CurrentPath() {
  const location = useLocation();
  return (
    <>
      <span data-testid="path">{location.pathname}</span>
      <span data-testid="search">{location.search}</span>
    </>
  );
}

/**
 * Renders `ui` as the screen at `path` (a route pattern such as '/profile/:userId' when
 * `at` gives the real address), with the toaster and the current path in
 * `getByTestId('path')` (its query string in `getByTestId('search')`); any other path renders
 * nothing.
 */
export function renderScreen(ui: ReactNode, options: { path: string; at?: string }) {
  return render(
    <MemoryRouter initialEntries={[options.at ?? options.path]}>
      <Routes>
        <Route path={options.path} element={ui} />
        <Route path="*" element={null} />
      </Routes>
      <CurrentPath />
      <AppToaster />
    </MemoryRouter>,
  );
}
