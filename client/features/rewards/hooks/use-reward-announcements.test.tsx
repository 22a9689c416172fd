import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EarnedRewards } from '../../../../domain/validation.schemas';
import { renderScreen } from '../../../test/render';
import {
  BADGE_AFTER_GIFT_MS,
  loadRewardDialogs,
  useRewardAnnouncements,
} from './use-reward-announcements';

const premierLivre = {
  slug: 'premier-livre',
  name: 'Premier livre',
  description: 'Tu as terminé ton premier livre.',
  rarity: 'common',
  icon: 'book-open',
};
const gift = {
  slug: 'cadeau-du-mois',
  name: 'Cadeau du mois',
  description: 'Tu as validé 10 segments ou plus en un mois.',
  rarity: 'epic',
  icon: 'gift',
};
const triple = {
  slug: 'triple_valide',
  title: 'Triplé',
  description: 'Valider 3 segments dans la même journée.',
  icon: 'zap',
};

const nothing: EarnedRewards = {
  badges: [],
  quests: [],
  monthlyGift: false,
  xp: 0,
  levelReached: null,
};

function Harness({ rewards }: { rewards: EarnedRewards }) {
  const { announce, element } = useRewardAnnouncements();
  return (
    <>
      <button type="button" onClick={() => announce(rewards)}>
        Annoncer
      </button>
      {element}
    </>
  );
}

async function setup(rewards: EarnedRewards) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  renderScreen(
    <QueryClientProvider client={client}>
      <Harness rewards={rewards} />
    </QueryClientProvider>,
    { path: '/books/micromegas' },
  );
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Annoncer' }));
  });
  // The dialogs' code comes with the first announcement.
  await act(async () => {
    await loadRewardDialogs();
  });
  return { invalidate };
}

function reduceMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

// The dialogs' code, downloaded once before the tests (its first import is slow on a busy
// machine, and would count against the first test's time).
beforeAll(() => loadRewardDialogs());

beforeEach(() => {
  vi.useFakeTimers();
  toast.dismiss(); // sonner keeps its toasts in a module: start each test without any
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('reward announcements', () => {
  it('opens the badge dialog at once for a badge, with a toast, confetti and a link', async () => {
    await setup({
      badges: [premierLivre],
      quests: [],
      monthlyGift: false,
      xp: 0,
      levelReached: null,
    });
    const dialog = screen.getByRole('dialog', { name: 'Nouveau badge débloqué' });
    expect(within(dialog).getByRole('heading', { name: 'Premier livre' })).toBeTruthy();
    expect(within(dialog).getByText('Tu as terminé ton premier livre.')).toBeTruthy();
    expect(within(dialog).getByText('Commun')).toBeTruthy();
    expect(within(dialog).queryByText(/XP/)).toBeNull(); // no bonus XP for this badge
    expect(
      within(dialog).getByRole('link', { name: 'Voir mes récompenses' }).getAttribute('href'),
    ).toBe('/achievements');
    expect(screen.getByTestId('confetti').getAttribute('aria-hidden')).toBe('true');
    await advance(100);
    expect(screen.getByText('Nouveau badge débloqué : Premier livre')).toBeTruthy();
  });

  it('closes the badge dialog with its close button', async () => {
    await setup({
      badges: [premierLivre],
      quests: [],
      monthlyGift: false,
      xp: 0,
      levelReached: null,
    });
    const dialog = screen.getByRole('dialog', { name: 'Nouveau badge débloqué' });
    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the gift, then the badge dialog 1.5 s later in its place', async () => {
    await setup({ badges: [gift], quests: [], monthlyGift: true, xp: 0, levelReached: null });
    const giftDialog = screen.getByRole('dialog', { name: 'Cadeau du mois\u00a0!' });
    expect(
      within(giftDialog).getByText(
        'Tu as validé 10 segments ou plus ce mois-ci. Ton cadeau arrive…',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Nouveau badge débloqué' })).toBeNull();

    await advance(BADGE_AFTER_GIFT_MS - 1);
    expect(screen.getByRole('dialog', { name: 'Cadeau du mois\u00a0!' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Nouveau badge débloqué' })).toBeNull();
    // The gift stays a surprise until the badge dialog opens.
    expect(screen.queryByText('Nouveau badge débloqué : Cadeau du mois')).toBeNull();

    await advance(1);
    const badgeDialog = screen.getByRole('dialog', { name: 'Nouveau badge débloqué' });
    expect(within(badgeDialog).getByRole('heading', { name: 'Cadeau du mois' })).toBeTruthy();
    expect(within(badgeDialog).getByText('Épique')).toBeTruthy();
    await advance(300); // the gift dialog's fade-out, the toast's entry
    expect(screen.queryByRole('dialog', { name: 'Cadeau du mois\u00a0!' })).toBeNull();
    expect(screen.getByText('Nouveau badge débloqué : Cadeau du mois')).toBeTruthy();
  });

  it('lists several badges and the bonus XP in one dialog', async () => {
    const streak = {
      ...premierLivre,
      slug: 'serie-7-jours',
      name: 'Série de 7 jours',
      rarity: 'rare',
    };
    await setup({
      badges: [premierLivre, streak],
      quests: [triple],
      monthlyGift: false,
      xp: 80,
      levelReached: null,
    });
    const dialog = screen.getByRole('dialog', { name: 'Nouveaux badges débloqués' });
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Premier livre', 'Série de 7 jours']);
    expect(within(dialog).getByText('Rare')).toBeTruthy();
    expect(within(dialog).getByText('+80 XP')).toBeTruthy();
  });

  it('says each quest in a toast, with confetti and no dialog', async () => {
    await setup({ badges: [], quests: [triple], monthlyGift: false, xp: 50, levelReached: null });
    await advance(100);
    expect(screen.getByText('Quête accomplie : Triplé')).toBeTruthy();
    expect(screen.getByText('Valider 3 segments dans la même journée.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('confetti')).toBeTruthy();
  });

  it('stops the confetti after 5 s', async () => {
    await setup({ badges: [], quests: [triple], monthlyGift: false, xp: 50, levelReached: null });
    await advance(4999);
    expect(screen.getByTestId('confetti')).toBeTruthy();
    await advance(1);
    expect(screen.queryByTestId('confetti')).toBeNull();
  });

  it('draws no confetti for a reader who prefers reduced motion', async () => {
    reduceMotion(true);
    await setup({
      badges: [premierLivre],
      quests: [],
      monthlyGift: false,
      xp: 0,
      levelReached: null,
    });
    expect(screen.getByRole('dialog', { name: 'Nouveau badge débloqué' })).toBeTruthy();
    expect(screen.queryByTestId('confetti')).toBeNull();
  });

  it('draws confetti when the reader has no motion preference', async () => {
    reduceMotion(false);
    await setup({
      badges: [premierLivre],
      quests: [],
      monthlyGift: false,
      xp: 0,
      levelReached: null,
    });
    expect(screen.getByTestId('confetti')).toBeTruthy();
  });

  it("celebrates a new level on its own: 'Niveau 2 atteint !', confetti, a link to the rewards", async () => {
    reduceMotion(false);
    await setup({ ...nothing, xp: 0, levelReached: 2 });
    const dialog = screen.getByRole('dialog', { name: 'Niveau 2 atteint\u00a0!' });
    expect(
      within(dialog).getByText('Chaque segment validé te rapproche du niveau 3.'),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: 'Voir mes récompenses' }).getAttribute('href'),
    ).toBe('/achievements');
    expect(screen.getByTestId('confetti')).toBeTruthy();
    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the highest level without a next one, and no confetti for less motion', async () => {
    reduceMotion(true);
    await setup({ ...nothing, levelReached: 5 });
    const dialog = screen.getByRole('dialog', { name: 'Niveau 5 atteint\u00a0!' });
    expect(
      within(dialog).getByText('Tu as atteint le plus haut niveau. Tes XP continuent de compter !'),
    ).toBeTruthy();
    expect(screen.queryByTestId('confetti')).toBeNull();
  });

  it('tells a new level inside the badge dialog when a badge came with it (one dialog)', async () => {
    await setup({ badges: [premierLivre], quests: [], monthlyGift: false, xp: 0, levelReached: 3 });
    const dialog = screen.getByRole('dialog', { name: 'Nouveau badge débloqué' });
    // getByText reads no-break spaces as plain ones.
    expect(within(dialog).getByText('Niveau 3 atteint !')).toBeTruthy();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('shows nothing when nothing was earned, and refreshes the reward data in any case', async () => {
    const { invalidate } = await setup(nothing);
    await advance(100);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('confetti')).toBeNull();
    expect(screen.queryByText(/Nouveau badge|Quête accomplie/)).toBeNull();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['achievements'],
      ['stats'],
    ]);
  });
});
