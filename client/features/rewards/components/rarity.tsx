import { rarityLabels } from '../../../../domain/messages/rewards';
import type { Rarity } from '../../../../domain/rewards';

/**
 * One colour per rarity, each at least 4.5:1 on the paper background (the text of the pill
 * is written in it): grey, blue, violet, amber.
 */
export const rarityColors: Record<Rarity, string> = {
  common: '#5b5046',
  rare: '#1f5c86',
  epic: '#6b3fa0',
  legendary: '#8a5300',
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
