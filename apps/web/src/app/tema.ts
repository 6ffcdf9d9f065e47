import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The product's own colour: a deep petrol blue (shade 8 is the filled colour; white on it is 7.9:1).
 * Every text shade used on white (6 to 9) stays above WCAG AA's 4.5:1.
 */
const intermedio: MantineColorsTuple = [
  '#e7f3f8',
  '#cfe5ee',
  '#a0cadd',
  '#6dadcb',
  '#4596bc',
  '#2b87b2',
  '#1b6f96',
  '#145d7f',
  '#0e4f6e',
  '#083e58',
];

export const tema = createTheme({
  primaryColor: 'intermedio',
  colors: { intermedio },
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
});

/**
 * Mantine's defaults for error text (red 6, 3.3:1), dimmed text (gray 6, 3.3:1) and placeholders fail WCAG AA on white;
 * these shades pass (red 9 5.9:1, gray 7 8:1, gray 6 only for placeholders, which axe does not require).
 */
export const variaveisCss: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
