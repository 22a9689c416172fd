import { cleanup, render, screen } from '@testing-library/react';
import { LibraryBig, RefreshCw, Sun, Trophy, Zap } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { rewardIcon } from '../../../components/ui/reward-icon';
import { RarityPill, rarityColors } from './rarity';
import { days } from './streaks-section';

afterEach(cleanup);

describe('rarity', () => {
  it.each([
    ['common', 'Commun'],
    ['rare', 'Rare'],
    ['epic', 'Épique'],
    ['legendary', 'Légendaire'],
  ] as const)('labels %s as %s, in its own colour', (rarity, label) => {
    render(<RarityPill rarity={rarity} />);
    const pill = screen.getByText(label);
    expect(pill.dataset.rarity).toBe(rarity);
    expect(pill.style.color).not.toBe('');
    expect(rarityColors[rarity]).toBe(`var(--rarity-${rarity})`); // light and dark: styles.css
  });

  it('gives each rarity a different colour', () => {
    expect(new Set(Object.values(rarityColors)).size).toBe(4);
  });

  it('reads an unknown rarity as common', () => {
    render(<RarityPill rarity="mythique" />);
    expect(screen.getByText('Commun')).toBeTruthy();
  });
});

describe('icons', () => {
  it('maps the quest icons and falls back to a trophy', () => {
    expect(rewardIcon('sun')).toBe(Sun);
    expect(rewardIcon('zap')).toBe(Zap);
    expect(rewardIcon('books')).toBe(LibraryBig);
    expect(rewardIcon('refresh')).toBe(RefreshCw);
    expect(rewardIcon('inconnu')).toBe(Trophy);
  });
});

describe('days', () => {
  it.each([
    [0, '0 jour'],
    [1, '1 jour'],
    [2, '2 jours'],
    [30, '30 jours'],
  ])('%i → %s', (n, text) => {
    expect(days(n)).toBe(text);
  });
});
