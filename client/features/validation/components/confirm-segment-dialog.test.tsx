import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ValidationState } from '../../../../domain/validation.schemas';
import { aValidationState } from '../../../test/validation-fixtures';
import { ConfirmSegmentDialog, type ConfirmSegmentProps } from './confirm-segment-dialog';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const candide = { title: "Candide ou l'Optimisme", totalPages: 150 };

/** The confirmation as the flow drives it: at the end of the lock, the lock is dropped. */
function LockHarness({ lockedUntil }: { lockedUntil: string }) {
  const [lock, setLock] = useState<string | null>(lockedUntil);
  return (
    <ConfirmSegmentDialog
      open
      onOpenChange={() => {}}
      book={candide}
      segment={1}
      state={aValidationState({ lockedUntil: lock })}
      loadError={null}
      lockedUntil={lock}
      onLockExpired={() => setLock(null)}
      pending={false}
      error={null}
      onConfirm={() => {}}
    />
  );
}

function renderDialog(overrides: Partial<ConfirmSegmentProps> = {}) {
  const props: ConfirmSegmentProps = {
    open: true,
    onOpenChange: vi.fn(),
    book: candide,
    segment: 1,
    state: aValidationState(),
    loadError: null,
    lockedUntil: null,
    onLockExpired: vi.fn(),
    pending: false,
    error: null,
    onConfirm: vi.fn(),
    ...overrides,
  };
  render(<ConfirmSegmentDialog {...props} />);
  return { props, dialog: screen.getByRole('dialog') };
}

describe('ConfirmSegmentDialog', () => {
  it('is named by the segment, described by its pages and the book', () => {
    renderDialog({ state: aValidationState({ segment: 2 }) });
    const dialog = screen.getByRole('dialog', { name: 'Valider le segment 2' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText("Pages 31 à 60 de « Candide ou l'Optimisme »")).toBeTruthy();
  });

  it('asks to tick the box: the button is disabled with the hint until it is ticked', async () => {
    const { props, dialog } = renderDialog();
    const box = within(dialog).getByRole('checkbox', {
      name: "J'ai lu ces pages et je souhaite valider cette étape",
    });
    const button = within(dialog).getByRole('button', { name: 'Valider cette étape' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(dialog).getByText('Vous devez cocher la case pour valider votre lecture'),
    ).toBeTruthy();
    expect(button.getAttribute('aria-describedby')).toBe(
      within(dialog).getByText('Vous devez cocher la case pour valider votre lecture').id,
    );

    const user = userEvent.setup();
    await user.click(box);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(
      within(dialog).queryByText('Vous devez cocher la case pour valider votre lecture'),
    ).toBeNull();
    await user.click(button);
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
  });

  it("says 'Validation...' while the question is fetched, and cannot be closed then", () => {
    const { props, dialog } = renderDialog({ pending: true });
    expect(within(dialog).getByRole('button', { name: 'Validation...' })).toBeTruthy();
    act(() => {
      dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(props.onOpenChange).not.toHaveBeenCalled();
  });

  it('closes with Annuler and with Escape', async () => {
    const { props } = renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
    await user.keyboard('{Escape}');
    expect(props.onOpenChange).toHaveBeenCalledTimes(2);
  });

  it.each<[ValidationState['jokers'], string]>([
    [{ used: 0, allowed: 0 }, 'Jokers disponibles à partir de 3 segments'],
    [{ used: 0, allowed: 1 }, 'Jokers disponibles : 1 / 1'],
    [{ used: 1, allowed: 2 }, 'Jokers disponibles : 1 / 2'],
    [{ used: 1, allowed: 1 }, 'Tous vos jokers ont été utilisés pour ce livre'],
  ])('joker line for %o: %s', (jokers, text) => {
    const { dialog } = renderDialog({ state: aValidationState({ jokers }) });
    expect(within(dialog).getByText(text)).toBeTruthy();
  });

  it('gives the attempts left once some were spent', () => {
    const { dialog } = renderDialog({ state: aValidationState({ attemptsLeft: 2 }) });
    expect(within(dialog).getByText('Il vous reste 2 tentatives.')).toBeTruthy();
  });

  it('shows a retryable failure as an alert inside the dialog', () => {
    const { dialog } = renderDialog({ error: 'Erreur lors de la préparation du quiz' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Erreur lors de la préparation du quiz',
    );
  });

  it('shows a loading state until the server answers, then a load failure', () => {
    renderDialog({ state: undefined });
    expect(screen.getByRole('status').textContent).toBe('Chargement...');
    cleanup();
    const { dialog } = renderDialog({
      state: undefined,
      loadError: 'Vous devez être connecté pour commencer ou valider votre lecture',
    });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Vous devez être connecté pour commencer ou valider votre lecture',
    );
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('says the book is finished when the server says so', () => {
    const { dialog } = renderDialog({ state: aValidationState({ completed: true }) });
    expect(within(dialog).getByText('Vous avez déjà terminé ce livre !')).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
  });

  it('replaces checkbox and button by the countdown while locked', () => {
    vi.useFakeTimers();
    const lockedUntil = new Date(Date.now() + 29 * 60_000 + 59_000).toISOString();
    const { dialog } = renderDialog({
      state: aValidationState({ attemptsLeft: 0, lockedUntil }),
      lockedUntil,
    });
    expect(
      within(dialog).getByText('Nombre maximum de tentatives atteint. Réessayez plus tard.'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('timer').textContent).toBe(
      'Vous pourrez réessayer dans 29 minutes et 59 secondes',
    );
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Valider cette étape' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Fermer' })).toBeTruthy();
  });

  it('brings the form back when the countdown reaches 0, without a reload', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const lockedUntil = new Date(Date.now() + 3000).toISOString();
    render(<LockHarness lockedUntil={lockedUntil} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('Vous pourrez réessayer dans 3 secondes');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(timer.textContent).toBe('Vous pourrez réessayer dans 2 secondes');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('checkbox')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Valider cette étape' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });
});
