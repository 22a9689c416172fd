import { rarityLabels } from '../../../../domain/messages/rewards';
import type { Rarity } from '../../../../domain/rewards';

/**
 * One colour per rarity, each at least 4.5:1 on the paper background (the text of the pill
 * is written in it): grey, blue, violet, amber.
 */
export const rarityColors: Record<Rarity, string> = {
  // CSS variables (client/styles.css): lighter ones in the dark theme.
  common: 'var(--rarity-common)',
  rare: 'var(--rarity-rare)',
  epic: 'var(--rarity-epic)',
  legendary: 'var(--rarity-legendary)',
};

function asRarity(value: string): Rarity {
  return value in rarityLabels ? (value as Rarity) : 'common';
}

/** The rarity of a badge in French, in its colour: 'Commun', 'Rare', 'Épique', 'Légendaire'. */
export function RarityPill({ rarity }: { rarity: string }) {
  const r = asRarity(rarity);
  const color = rarityColors[r];
  return (
    <span
      data-rarity={r}
      className="inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold tracking-wide uppercase"
      style={{
        color,
        borderColor: color,
        backgroundColor: `color-mix(in srgb, ${color} 8%, transparent)`,
      }}
    >
      {rarityLabels[r]}
    </span>
  );
}
