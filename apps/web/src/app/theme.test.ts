import { DEFAULT_THEME, getContrastColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { contrastRatio, readableTextVariables } from './theme-contrast';

/** WCAG AA (4.5:1) comes from the theme, for every colour a page may pass to a Mantine component (issue 16). */
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const AA = 4.5;
const WHITE = '#ffffff';

describe('theme contrast', () => {
  it.each(Object.keys(merged.colors))('%s: filled buttons and badges get text that reads', (name) => {
    const background = merged.colors[name]?.[8] ?? '';
    const text =
      getContrastColor({ color: `${name}.8`, theme: merged }) === 'var(--mantine-color-black)'
        ? '#000000'
        : WHITE;
    expect(merged.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(AA);
  });

  it('the primary button is white on a blue of 4.5:1 or more', () => {
    expect(getContrastColor({ color: 'blue.8', theme: merged })).toBe('var(--mantine-color-white)');
    expect(contrastRatio(WHITE, merged.colors.blue[8])).toBeGreaterThanOrEqual(AA);
  });

  it('secondary text, the select prompt, errors, links and colour texts read on white and grey panels', () => {
    const { light } = cssVariablesResolver(merged);
    const texts = Object.entries(light).filter(([variable]) =>
      /^--mantine-color-(dimmed|placeholder|error|anchor|\w+-(text|outline|light-color))$/.test(variable),
    );
    // dimmed, placeholder, error, anchor and three per colour
    expect(texts.length).toBe(4 + 3 * Object.keys(merged.colors).length);
    for (const [variable, color] of texts) {
      for (const background of [WHITE, merged.colors.gray[0], merged.colors.gray[1]]) {
        expect(contrastRatio(color, background), `${variable} on ${background}`).toBeGreaterThanOrEqual(AA);
      }
    }
    // The light variant's text sits on the colour's own pale tint.
    for (const [name, shades] of Object.entries(merged.colors)) {
      const color = light[`--mantine-color-${name}-light-color`] ?? '';
      expect(contrastRatio(color, shades[1]), `${name} light variant`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('the text colours the pages use are the ones computed for the theme (theme-text-colors.ts is up to date)', () => {
    const computed = readableTextVariables(merged.colors);
    // On a mismatch, paste this into theme-text-colors.ts.
    expect(cssVariablesResolver(merged).light, JSON.stringify(computed, null, 2)).toEqual(computed);
  });
});
