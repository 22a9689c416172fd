import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Achievements } from '../../domain/rewards.schemas';
import { queryClient } from '../lib/query-client';
import { setSignedIn, setSignedOut } from '../lib/session-store';
import { anAchievements } from '../test/achievements-fixtures';
import { apiError, mockApi, pending } from '../test/fetch-mock';
import { renderScreen } from '../test/render';
import { aSessionUser } from '../test/session-user';
import { AchievementsPage } from './achievements';

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

// The friend streaks and quest come from their own request (decision 055).
const noFriends = {
  today: '2026-11-28',
  maxStreaks: 5,
  used: 0,
  streaks: [],
  received: [],
  sent: [],
  quest: { week: '2026-11-23', target: 6, xp: 50, active: null, received: [], sent: [] },
};

function renderPage(reply: Achievements | (() => { status?: number; body?: unknown })) {
  const fetchMock = mockApi({
    'GET /api/me/achievements': typeof reply === 'function' ? reply : { body: reply },
    'GET /api/me/friends': { body: noFriends },
  });
  setSignedIn(aSessionUser());
  renderScreen(<AchievementsPage />, { path: '/achievements' });
  return { user: userEvent.setup(), fetchMock };
}

// A French number's thousands separator is a narrow no-break space.
const nbsp = (text: string) => text.replace(/(\d) (\d{3})/g, '$1\u202f$2');

/** The value of a stat tile (a <dt>/<dd> pair), found by its label. */
function statValue(label: string): string {
  const term = screen.getAllByRole('term').find((dt) => dt.textContent === label);
  if (!term) throw new Error(`no tile ${label}`);
  return term.nextElementSibling?.textContent ?? '';
}

const reader = anAchievements({
  stats: {
    booksRead: 3,
    pagesRead: 1234,
    segmentsValidated: 42,
    readingMinutes: 125,
    badgesCount: 2,
    streakCurrent: 1,
    streakBest: 9,
    questsDone: 1,
    xp: 1320,
  },
  earned: {
    'premier-livre': { earnedAt: '2026-03-12T18:30:00.000Z' },
    'cadeau-du-mois': { earnedAt: '2026-04-30T21:00:00.000Z', times: 3 },
  },
  done: { triple_valide: '2026-02-03T07:15:00.000Z' },
  current: { 'trente-jours': 12, 'trois-categories': 3, 'cinq-cents-pages': 500 },
});

describe('achievements page', () => {
  it('shows a loading state', () => {
    mockApi({ 'GET /api/me/achievements': pending() });
    setSignedIn(aSessionUser());
    renderScreen(<AchievementsPage />, { path: '/achievements' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vos Accomplissements');
    expect(screen.getByRole('status').textContent).toBe('Chargement de tes accomplissements...');
  });

  it('has the sections of the spec, in order, under one h1', async () => {
    renderPage(reader);
    await screen.findByRole('region', { name: 'Statistiques' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Statistiques',
      'Séries de Lecture',
      'Séries entre amis',
      'Progression',
      'Collections & Exploits',
      'Défis Actuels',
    ]);
  });

  it('shows the figures of the API in the Statistiques tiles', async () => {
    const { fetchMock } = renderPage(reader);
    await screen.findByRole('region', { name: 'Statistiques' });
    expect(statValue('Livres terminés')).toBe('3');
    expect(statValue('Pages lues')).toBe(nbsp('1 234'));
    expect(statValue('Segments validés')).toBe('42');
    expect(statValue('Temps de lecture')).toBe('2\u00a0h'); // 125 min, floored to hours
    expect(statValue('Badges')).toBe('2');
    expect(statValue('Quêtes')).toBe('1');
    expect(statValue('XP')).toBe(nbsp('1 320')); // its level is in Progression only
    // One request for the whole answer; the friends section is its own.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual([
      '/api/me/achievements',
      '/api/me/friends',
    ]);
  });

  it('says the streaks in days, singular and plural', async () => {
    renderPage(reader);
    const streaks = await screen.findByRole('region', { name: 'Séries de Lecture' });
    expect(within(streaks).getByText('Série actuelle').nextElementSibling?.textContent).toBe(
      '1 jour',
    );
    expect(within(streaks).getByText('Record personnel').nextElementSibling?.textContent).toBe(
      '9 jours',
    );
  });

  it('shows the level of the stats, the XP towards the next one and an accessible bar', async () => {
    renderPage(anAchievements({ stats: { xp: 320, segmentsValidated: 32 } }));
    const progression = await screen.findByRole('region', { name: 'Progression' });
    expect(within(progression).getByText('Niveau 3')).toBeTruthy();
    const bar = within(progression).getByRole('progressbar', {
      name: 'Progression vers le niveau 4',
    });
    expect(bar.getAttribute('aria-valuenow')).toBe('320');
    expect(bar.getAttribute('aria-valuemax')).toBe('500');
    expect(bar.getAttribute('aria-valuetext')).toBe('320\u00a0/\u00a0500\u00a0XP');
    expect(within(progression).getByText('Encore 180 XP avant le niveau 4.')).toBeTruthy();
  });

  it('shows one level on the page, the one of the stats (decision 018)', async () => {
    renderPage(reader);
    await screen.findByRole('region', { name: 'Progression' });
    // 1 320 XP: the last of the five levels (the 1000-XP reading would have said 2).
    expect(screen.getAllByText(/^Niveau \d+$/).map((p) => p.textContent)).toEqual(['Niveau 5']);
  });

  it('says when the last level is reached, with a full bar', async () => {
    renderPage(reader);
    const progression = await screen.findByRole('region', { name: 'Progression' });
    const bar = within(progression).getByRole('progressbar', { name: 'Plus haut niveau atteint' });
    expect(bar.getAttribute('aria-valuenow')).toBe(bar.getAttribute('aria-valuemax'));
    expect(bar.getAttribute('aria-valuetext')).toBe('1\u202f320\u00a0XP');
    expect(
      within(progression).getByText(
        'Tu as atteint le plus haut niveau. Tes XP continuent de compter !',
      ),
    ).toBeTruthy();
    expect(within(progression).queryByText(/avant le niveau/)).toBeNull();
  });

  it('lists every badge with its rarity, earned date or not yet, and the gift count', async () => {
    renderPage(reader);
    const collections = await screen.findByRole('region', { name: 'Collections & Exploits' });
    const badges = within(collections)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.badge);
    expect(badges.map((li) => li.querySelector('h4')?.firstChild?.textContent)).toEqual([
      'Premier livre',
      'Série de 7 jours',
      'Lecteur assidu',
      'Cadeau du mois',
      'Première question',
      'Dix questions',
      'Cinquante questions',
      'Lu ensemble',
    ]);
    const [first, streak, assiduous, gift] = badges as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByText('Commun')).toBeTruthy();
    expect(within(first).getByText('Tu as terminé ton premier livre.')).toBeTruthy();
    expect(within(first).getByText('Obtenu le 12 mars 2026')).toBeTruthy();
    expect(within(streak).getByText('Rare')).toBeTruthy();
    expect(within(streak).getByText('Pas encore obtenu')).toBeTruthy();
    expect(streak.dataset.earned).toBe('false');
    expect(within(assiduous).getByText('Épique')).toBeTruthy();
    expect(within(gift).getByText('Épique')).toBeTruthy();
    // Earned on 30 April at 23:00 in Paris.
    expect(within(gift).getByText('Obtenu le 30 avril 2026')).toBeTruthy();
    expect(within(gift).getByText('×3')).toBeTruthy();
    expect(within(gift).getByText('obtenu 3 fois')).toBeTruthy();
    expect(within(first).queryByText(/×/)).toBeNull();
  });

  it('lists the four quests, done or not yet', async () => {
    renderPage(reader);
    const collections = await screen.findByRole('region', { name: 'Collections & Exploits' });
    expect(within(collections).getByRole('heading', { level: 3, name: 'Quêtes' })).toBeTruthy();
    const quests = within(collections)
      .getAllByRole('listitem')
      .filter((li) => li.dataset.quest);
    expect(quests.map((li) => li.querySelector('h4')?.textContent)).toEqual([
      'Lève-tôt',
      'Triplé',
      'Plusieurs livres à la fois',
      'De retour',
    ]);
    expect(within(quests[1] as HTMLElement).getByText('Accomplie le 3 février 2026')).toBeTruthy();
    expect(within(quests[0] as HTMLElement).getByText('Pas encore accomplie')).toBeTruthy();
    expect(
      within(quests[1] as HTMLElement).getByText('Valider 3 segments dans la même journée.'),
    ).toBeTruthy();
  });

  it('shows the three challenges with the real figures', async () => {
    renderPage(reader);
    const challenges = await screen.findByRole('region', { name: 'Défis Actuels' });
    const thirty = within(challenges).getByRole('progressbar', {
      name: 'Progression du défi «\u00a030 jours de lecture\u00a0»',
    });
    expect(thirty.getAttribute('aria-valuenow')).toBe('12');
    expect(thirty.getAttribute('aria-valuemax')).toBe('30');
    expect(within(challenges).getByText('12 / 30')).toBeTruthy();
    expect(within(challenges).getByText('3 / 3')).toBeTruthy();
    expect(within(challenges).getByText('500 / 500')).toBeTruthy();
    expect(within(challenges).getAllByText('Défi relevé !')).toHaveLength(2);
  });

  it('shows the reading time under one hour in minutes, as the profile does', async () => {
    renderPage(anAchievements({ stats: { readingMinutes: 12 } }));
    await screen.findByRole('region', { name: 'Statistiques' });
    expect(statValue('Temps de lecture')).toBe('12\u00a0min');
  });

  it('renders everything at zero for a new reader, with a word to start', async () => {
    renderPage(anAchievements());
    await screen.findByRole('region', { name: 'Statistiques' });
    expect(statValue('Livres terminés')).toBe('0');
    expect(statValue('Temps de lecture')).toBe('0\u00a0min');
    expect(statValue('XP')).toBe('0');
    expect(screen.getByText('Série actuelle').nextElementSibling?.textContent).toBe('0 jour');
    // getByText normalises no-break spaces to plain ones.
    expect(screen.getByText('0 / 100 XP')).toBeTruthy();
    expect(screen.getAllByText('Pas encore obtenu')).toHaveLength(8);
    expect(screen.getAllByText('Pas encore accomplie')).toHaveLength(4);
    expect(screen.getByText('0 / 500')).toBeTruthy();
    expect(screen.getByText(/Valide ton premier segment/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explorer les livres' }).getAttribute('href')).toBe(
      '/explore',
    );
  });

  it('does not show the new-reader word once something was validated', async () => {
    renderPage(reader);
    await screen.findByRole('region', { name: 'Statistiques' });
    expect(screen.queryByText(/Valide ton premier segment/)).toBeNull();
  });

  it('says when the page cannot be loaded and loads it again on demand', async () => {
    let fail = true;
    const { user } = renderPage(() =>
      fail ? apiError(400, 'INVALID', 'Requête refusée') : { body: reader },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Impossible de charger tes accomplissements.');
    expect(alert.textContent).toContain('Requête refusée');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('region', { name: 'Statistiques' })).toBeTruthy();
    expect(statValue('Livres terminés')).toBe('3');
  });

  it('sends a visitor to /auth', async () => {
    mockApi({});
    setSignedOut();
    renderScreen(<AchievementsPage />, { path: '/achievements' });
    await vi.waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/auth'));
  });
});
