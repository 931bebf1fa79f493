import { badgeRecipe, semanticTokens, tokens } from '@chakra-ui/react/theme';
import { dealRatings } from '@second-gear/features/rules';
import { describe, expect, it } from 'vitest';
import { dealExplanation, dealLabels } from '../src/components/deal-rating.tsx';

type Mode = '_light' | '_dark';
type Shades = Record<string, { value: string }>;
type Semantic = Record<string, { value: Record<Mode, string> }>;

/** A palette's colour ("colorPalette.fg") in a colour mode, as the theme's hex. */
const colourOf = (palette: string, token: string, mode: Mode): string => {
  const name = token.replace('colorPalette.', '');
  const reference = (semanticTokens.colors as unknown as Record<string, Semantic>)[palette]?.[name]
    ?.value[mode];
  // "{colors.green.700}": a shade of the palette.
  const shade = reference?.match(/^\{colors\.\w+\.(\d+)\}$/)?.[1] ?? '';
  const hex = (tokens.colors as unknown as Record<string, Shades>)[palette]?.[shade]?.value;
  if (hex === undefined) throw new Error(`No ${token} of ${palette} in ${mode}`);
  return hex;
};

/** WCAG's relative luminance of a "#rrggbb" colour. */
const luminance = (hex: string) => {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};

const market = { value: 13_700, low: 12_100, high: 14_900, comparables: 23 };

describe('a car’s deal rating in words', () => {
  it('says how far the price is from the market value, and from how many cars', () => {
    expect(dealExplanation({ price: 12_500, market })).toBe(
      '$1,200 below the market value of $13,700, from 23 similar cars. Fair range $12,100 – $14,900.',
    );
    expect(dealExplanation({ price: 14_500, market })).toBe(
      '$800 above the market value of $13,700, from 23 similar cars. Fair range $12,100 – $14,900.',
    );
    expect(dealExplanation({ price: 13_700, market })).toBe(
      'At the market value of $13,700, from 23 similar cars. Fair range $12,100 – $14,900.',
    );
  });

  it('says nothing of a car without a rating', () => {
    expect(dealExplanation({ price: 12_500 })).toBeUndefined();
  });

  it('names every rating the API answers', () => {
    expect(Object.keys(dealLabels).sort()).toEqual([...dealRatings].sort());
    expect(new Set(Object.values(dealLabels).map((d) => d.label)).size).toBe(dealRatings.length);
  });

  it('gives each rating its own colour, its words readable on it in light and dark mode', () => {
    const palettes = Object.values(dealLabels).map((d) => d.palette);
    expect(new Set(palettes).size).toBe(dealRatings.length);
    // The badges are subtle ones: the palette's text colour on its subtle background.
    const { color, bg } = (badgeRecipe.variants?.variant?.subtle ?? {}) as {
      color: string;
      bg: string;
    };
    for (const palette of palettes) {
      for (const mode of ['_light', '_dark'] as const) {
        const ratio = contrast(colourOf(palette, color, mode), colourOf(palette, bg, mode));
        expect({ palette, mode, readable: ratio >= 4.5 }).toEqual({
          palette,
          mode,
          readable: true,
        });
      }
    }
  });
});
