import { createTheme } from '@mantine/core';

/** Shade 8 of the primary colour keeps white-on-blue text above WCAG AA contrast. */
export const tema = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
});
