import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { seriesColours } from '@/features/insights/components/insights-charts';
import { asideGradient } from '@/components/ui/auth-layout';
import { revenueColour, transactionsColour } from '@/components/reporting/performance-chart';
import { cssVariablesResolver, theme } from './theme.ts';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
function luminance(colour: string): number {
  const hex = colour.length === 4 ? `#${[...colour.slice(1)].map((c) => c + c).join('')}` : colour;
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const white = merged.white;
const gray = merged.colors.gray;
/** The backgrounds text sits on: cards, the page, striped rows and the print sheet's grey. */
const surfaces = { white, 'gray.0': gray[0], 'gray.1': gray[1] };
const palettes = Object.keys(merged.colors).filter((name) => name !== 'dark');
const textShades = [6, 7, 8, 9] as const;

/** A CSS variable of the light scheme as the resolver sets it, read as the shade it names. */
function lightVariable(name: string): string {
  const value = (cssVariablesResolver(merged).light as Record<string, string>)[name]!;
  const [, colour, shade] = /var\(--mantine-color-([a-z]+)-(\d)\)/.exec(value)!;
  return merged.colors[colour!]![Number(shade)]!;
}

describe('the theme’s colours (WCAG 2.2 AA, 1.4.3 and 1.4.11)', () => {
  it('makes the brand green a text colour: 4.5:1 as a link on white, and under a white button label', () => {
    const brand = merged.colors[merged.primaryColor]![8]!;
    expect(contrast(brand, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(brand, gray[0])).toBeGreaterThanOrEqual(4.5);
    // Recognisably the brand: a teal of Mantine's hue, darker than #099268, not another colour.
    expect(brand).not.toBe('#099268');
    expect(brand.slice(1, 3)).toBe('07');
  });

  it.each(palettes)(
    'gives %s shades 6 to 9 that pass 4.5:1 on white, the page greys and its own shade 0',
    (name) => {
      const shades = merged.colors[name]!;
      for (const shade of textShades) {
        for (const [surface, background] of Object.entries({ ...surfaces, [`${name}.0`]: shades[0] })) {
          expect(
            contrast(shades[shade]!, background),
            `${name}.${shade} on ${surface}`,
          ).toBeGreaterThanOrEqual(4.5);
        }
      }
    },
  );

  it.each(palettes)(
    'draws %s light badges and buttons (shade 9 on 1, and on 2 when hovered) at 4.5:1',
    (name) => {
      const shades = merged.colors[name]!;
      expect(contrast(shades[9]!, shades[1]!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[9]!, shades[2]!)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(palettes)(
    'puts white labels on filled %s buttons and badges (shade 8, hover 9) at 4.5:1',
    (name) => {
      const shades = merged.colors[name]!;
      expect(contrast(white, shades[merged.primaryShade as number]!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(white, shades[9]!)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps dimmed text, placeholders and disabled labels at 4.5:1 on what they sit on', () => {
    const dimmed = gray[6]!;
    for (const [surface, background] of Object.entries(surfaces))
      expect(contrast(dimmed, background), `dimmed on ${surface}`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(lightVariable('--mantine-color-placeholder'), white)).toBeGreaterThanOrEqual(4.5);
    // A disabled control's label on its gray.2 fill.
    expect(contrast(lightVariable('--mantine-color-disabled-color'), gray[2]!)).toBeGreaterThanOrEqual(4.5);
  });

  it('writes the signed-out pitch in white and teal.0/teal.1 on both ends of its gradient', () => {
    for (const stop of asideGradient) {
      for (const text of [white, merged.colors.teal[0]!, merged.colors.teal[1]!])
        expect(contrast(text, stop), `${text} on ${stop}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('draws the charts’ lines and bars at 3:1 on white, as graphics need', () => {
    for (const colour of [...seriesColours, revenueColour, transactionsColour])
      expect(contrast(colour, white), colour).toBeGreaterThanOrEqual(3);
  });
});
