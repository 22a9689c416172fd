import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aQuestion } from '../../../test/validation-fixtures';
import type { WrongAnswer } from '../hooks/validation-flow-machine';
import { QuizDialog } from './quiz-dialog';

afterEach(cleanup);

function renderQuiz(
  overrides: { wrong?: WrongAnswer | null; pending?: boolean; error?: string | null } = {},
) {
  const onSubmit = vi.fn();
  const onOpenChange = vi.fn();
  const props = {
    open: true,
    onOpenChange,
    question: aQuestion(),
    wrong: null,
    pending: false,
    error: null,
    onSubmit,
    ...overrides,
  };
  const view = render(<QuizDialog {...props} />);
  return {
    onSubmit,
    onOpenChange,
    rerender: (next: typeof overrides) => view.rerender(<QuizDialog {...props} {...next} />),
    user: userEvent.setup(),
  };
}

describe('QuizDialog', () => {
  it('asks the question, the labelled answer field focused', () => {
    renderQuiz();
    const dialog = screen.getByRole('dialog', { name: 'Question du segment 1' });
    expect(
      within(dialog).getByText('Dans quelle ville Candide subit-il un tremblement de terre ?'),
    ).toBeTruthy();
    const field = within(dialog).getByRole('textbox', { name: 'Ta réponse' });
    expect(document.activeElement).toBe(field);
  });

  it("disables the submit while the answer is blank, saying 'Veuillez entrer une réponse'", async () => {
    const { user, onSubmit } = renderQuiz();
    const submit = screen.getByRole('button', { name: 'Valider ma réponse' }) as HTMLButtonElement;
    const field = screen.getByRole('textbox', { name: 'Ta réponse' });
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Veuillez entrer une réponse')).toBeTruthy();
    await user.type(field, '   {Enter}');
    expect(submit.disabled).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field, 'Lisbonne');
    expect(submit.disabled).toBe(false);
    expect(screen.queryByText('Veuillez entrer une réponse')).toBeNull();
  });

  it('submits the trimmed answer with Enter', async () => {
    const { user, onSubmit } = renderQuiz();
    await user.type(screen.getByRole('textbox', { name: 'Ta réponse' }), '  Lisbonne {Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Lisbonne');
  });

  it("says 'Vérification...' while the answer is checked", () => {
    renderQuiz({ pending: true });
    expect(screen.getByRole('button', { name: 'Vérification...' })).toBeTruthy();
  });

  it('after a wrong answer, says so with the attempts left and empties the field', async () => {
    const { user, rerender } = renderQuiz();
    const field = screen.getByRole('textbox', { name: 'Ta réponse' }) as HTMLInputElement;
    await user.type(field, 'Paris');
    rerender({ wrong: { n: 1, attemptsLeft: 2 } });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Réponse incorrecte. Essayez encore !')).toBeTruthy();
    expect(within(alert).getByText('Il vous reste 2 tentatives.')).toBeTruthy();
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);

    await user.type(field, 'Rome');
    rerender({ wrong: { n: 2, attemptsLeft: 1 } });
    expect(screen.getByText('Il vous reste 1 tentative.')).toBeTruthy();
    expect(field.value).toBe('');
  });

  it('shows a retryable failure (too many tries…) as an alert', () => {
    renderQuiz({ error: 'Trop de tentatives. Réessaie dans une minute.' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Trop de tentatives. Réessaie dans une minute.',
    );
  });

  it('closes with Annuler or Escape', async () => {
    const { user, onOpenChange } = renderQuiz();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onOpenChange).toHaveBeenCalledTimes(2);
  });
});
