import { createTheme } from '@mantine/core';

/** One theme for the whole UI. */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});
