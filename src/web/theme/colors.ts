import { darken, rgbToHex } from '@mui/material/styles';
import { THEME_COLORS } from '../../shared/constants';

/** Surface of the light scheme (the spec gives only the dark one). */
export const LIGHT_SURFACE = '#FFFFFF';

/**
 * Background and surface of each skin (spec section 4: a skin switches both; the default skin
 * keeps the originals). The bordered skin flattens the page onto the surface colour and draws
 * borders instead of shadows.
 */
export const SKIN_COLORS = {
  default: {
    light: { background: THEME_COLORS.light.background, surface: LIGHT_SURFACE },
    dark: { background: THEME_COLORS.dark.background, surface: THEME_COLORS.dark.surface },
  },
  bordered: {
    light: { background: LIGHT_SURFACE, surface: LIGHT_SURFACE },
    dark: { background: THEME_COLORS.dark.surface, surface: THEME_COLORS.dark.surface },
  },
} as const;

/** How much darker the "darken" variant of a primary colour is (hover and pressed states). */
export const PRIMARY_DARKEN_AMOUNT = 0.12;

/** The darken variant of a colour, as #RRGGBB. */
export function darkenColor(hex: string, amount = PRIMARY_DARKEN_AMOUNT): string {
  return rgbToHex(darken(hex, amount)).toUpperCase();
}

export interface PrimaryPreset {
  id: 'meridian' | 'teal' | 'violet' | 'crimson' | 'amber';
  /** Primary of the light scheme. */
  light: string;
  /** Primary of the dark scheme (lighter, to read on the dark surface). */
  dark: string;
}

/**
 * Primary colour presets of the customizer. The first is the spec's own pair; every light
 * colour keeps white text at 4.5:1 or more, every dark one keeps dark text readable.
 */
export const PRIMARY_PRESETS: readonly PrimaryPreset[] = [
  { id: 'meridian', light: THEME_COLORS.light.primary, dark: THEME_COLORS.dark.primary },
  { id: 'teal', light: '#0F766E', dark: '#2DD4BF' },
  { id: 'violet', light: '#5B4FCF', dark: '#A594F9' },
  { id: 'crimson', light: '#B4234F', dark: '#F472B6' },
  { id: 'amber', light: '#9A4A00', dark: '#FBBF24' },
];

export interface PrimaryColors {
  light: string;
  lightDarken: string;
  dark: string;
  darkDarken: string;
}

/** The primary colours to store for a preset or a custom colour. */
export function primaryColorsFor(light: string, dark: string = light): PrimaryColors {
  return {
    light: light.toUpperCase(),
    lightDarken: darkenColor(light),
    dark: dark.toUpperCase(),
    darkDarken: darkenColor(dark),
  };
}
