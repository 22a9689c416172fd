import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToaster } from './toaster';

afterEach(cleanup);

// The header's first row (h-16 in header.tsx) holds the bell and the avatar: a toast starts
// below it, on phones as on larger screens (e2e/toasts.spec.ts measures it in a browser).
describe('the toasts', () => {
  it('sit below the header row of the bell and the avatar, on phones too', async () => {
    render(<AppToaster />);
    act(() => {
      toast.success('Livre ajouté');
    });
    await screen.findByText('Livre ajouté');
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    expect(toaster?.dataset.yPosition).toBe('top');
    for (const variable of ['--offset-top', '--mobile-offset-top']) {
      expect(toaster?.style.getPropertyValue(variable), variable).toBe('calc(4rem + 0.75rem)');
    }
  });
});
