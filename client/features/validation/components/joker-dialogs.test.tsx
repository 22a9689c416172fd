import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aJokerResult } from '../../../test/validation-fixtures';
import { JokerOfferDialog } from './joker-offer-dialog';
import { JokerRevealDialog } from './joker-reveal-dialog';

afterEach(cleanup);

function renderOffer(overrides: Partial<Parameters<typeof JokerOfferDialog>[0]> = {}) {
  const props = {
    open: true,
    attemptsLeft: 2,
    jokers: { used: 0, allowed: 1 },
    pending: false,
    error: null,
    onUse: vi.fn(),
    onDecline: vi.fn(),
    ...overrides,
  };
  render(<JokerOfferDialog {...props} />);
  return { props, user: userEvent.setup() };
}

describe('JokerOfferDialog', () => {
  it('tells the wrong answer, the attempts left and the jokers available', () => {
    renderOffer();
    const dialog = screen.getByRole('dialog', { name: 'Utiliser un joker\u00a0?' });
    expect(within(dialog).getByText('Réponse incorrecte. Essayez encore !')).toBeTruthy();
    expect(within(dialog).getByText('Il vous reste 2 tentatives.')).toBeTruthy();
    expect(within(dialog).getByText('Jokers disponibles : 1 / 1')).toBeTruthy();
    expect(
      within(dialog).getByText('Le joker révèle la bonne réponse et valide ce segment.'),
    ).toBeTruthy();
  });

  it('after the third wrong answer says only that the attempts are over, not to try again', () => {
    renderOffer({ attemptsLeft: 0 });
    const dialog = screen.getByRole('dialog', { name: 'Utiliser un joker\u00a0?' });
    expect(
      within(dialog).getByText('Nombre maximum de tentatives atteint. Réessayez plus tard.'),
    ).toBeTruthy();
    expect(within(dialog).queryByText('Réponse incorrecte. Essayez encore !')).toBeNull();
  });

  it("focuses 'Non merci' first: a stray Enter spends nothing", () => {
    renderOffer();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Non merci' }));
  });

  it('spends the joker, or declines with Non merci and with Escape', async () => {
    const { props, user } = renderOffer();
    await user.click(screen.getByRole('button', { name: 'Utiliser un joker' }));
    expect(props.onUse).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Non merci' }));
    await user.keyboard('{Escape}');
    expect(props.onDecline).toHaveBeenCalledTimes(2);
  });

  it("says 'Utilisation...' while the joker is spent, and cannot be declined then", async () => {
    const { props, user } = renderOffer({ pending: true });
    expect(screen.getByRole('button', { name: 'Utilisation...' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(props.onDecline).not.toHaveBeenCalled();
  });

  it('shows a retryable joker failure as an alert', () => {
    renderOffer({ error: "Erreur lors de l'utilisation du joker. Veuillez réessayer." });
    expect(screen.getByRole('alert').textContent).toBe(
      "Erreur lors de l'utilisation du joker. Veuillez réessayer.",
    );
  });
});

describe('JokerRevealDialog', () => {
  it('reveals the answer, the validated segment and what comes next', async () => {
    const onClose = vi.fn();
    render(
      <JokerRevealDialog
        open
        onClose={onClose}
        result={aJokerResult({ segment: 2, nextSegment: 3, answer: 'pape' })}
        title="Candide"
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'La bonne réponse' });
    expect(within(dialog).getByText('La réponse attendue était :')).toBeTruthy();
    expect(within(dialog).getByTestId('revealed-answer').textContent).toBe('pape');
    expect(within(dialog).getByText('Segment 2 validé grâce à ton joker.')).toBeTruthy();
    expect(within(dialog).getByText('Prochain segment : 3')).toBeTruthy();
    await userEvent
      .setup()
      .click(within(dialog).getByRole('button', { name: 'Continuer la lecture' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says the answer cannot be shown when it is missing', () => {
    render(
      <JokerRevealDialog
        open
        onClose={() => {}}
        result={aJokerResult({ answer: ' ' })}
        title="Candide"
      />,
    );
    expect(
      screen.getByText("Impossible d'afficher la bonne réponse (données manquantes)."),
    ).toBeTruthy();
    expect(screen.queryByTestId('revealed-answer')).toBeNull();
  });
});
