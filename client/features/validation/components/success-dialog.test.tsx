import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aValidatedResult } from '../../../test/validation-fixtures';
import { SuccessDialog } from './success-dialog';

afterEach(cleanup);

describe('SuccessDialog', () => {
  it('says the next validation is in 30 pages, with the next segment and the XP', async () => {
    const onClose = vi.fn();
    render(<SuccessDialog open onClose={onClose} result={aValidatedResult()} title="Candide" />);
    const dialog = screen.getByRole('dialog', { name: 'Segment 1 validé\u00a0!' });
    expect(within(dialog).getByText('Prochaine validation dans 30 pages')).toBeTruthy();
    expect(within(dialog).getByText('Prochain segment : 2')).toBeTruthy();
    expect(within(dialog).getByText('+10 XP')).toBeTruthy();
    const button = within(dialog).getByRole('button', { name: 'Continuer la lecture' });
    expect(document.activeElement).toBe(button);
    await userEvent.setup().click(button);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says the book is finished after its last segment', async () => {
    const onClose = vi.fn();
    render(
      <SuccessDialog
        open
        onClose={onClose}
        result={aValidatedResult({ segment: 2, nextSegment: null, completed: true, xpGained: 60 })}
        title="Micromégas"
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Segment 2 validé\u00a0!' });
    expect(within(dialog).getByText('Livre terminé !')).toBeTruthy();
    expect(
      within(dialog).getByText('Tu as validé tous les segments de « Micromégas ».'),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/Prochain segment/)).toBeNull();
    expect(within(dialog).getByText('+60 XP')).toBeTruthy();
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
