import {
  createTheme,
  DEFAULT_THEME,
  type AlertProps,
  type CSSVariablesResolver,
  type DrawerProps,
  type LoaderProps,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type ModalProps,
  type NotificationProps,
  type PaginationProps,
} from '@mantine/core';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';

const controls = signInMessages.controls;

/**
 * A component's default props in the theme, typed by its props. Not `Component.extend`: importing
 * the components here would put Modal, Drawer and Pagination in the script /login loads first.
 */
const withDefaults = <Props>(defaultProps: Partial<Props>): MantineThemeComponent => ({ defaultProps });

/**
 * Mantine's palettes with their shades 6 to 9 darkened just enough to be text colours (WCAG 2.2
 * AA, 1.4.3: 4.5:1): each of them on white, the page's grey (gray.0, gray.1) and its own shade 0,
 * shade 9 also on its shades 1 and 2 (the light buttons and badges), and white on shades 8 and 9
 * (filled buttons and their hover). Hue kept, only darker (docs/decisions.md 'Colours, focus and
 * landmarks'); shades 0 to 5 stay Mantine's, for backgrounds and borders. theme.test.ts computes
 * every pair the theme draws.
 */
const textSafeShades: Record<string, [string, string, string, string]> = {
  gray: ['#686e74', '#495057', '#343a40', '#212529'],
  red: ['#c24040', '#c83434', '#c82c2c', '#b02525'],
  pink: ['#bf3d6a', '#c62f64', '#c2255c', '#a61e4d'],
  grape: ['#a441bd', '#a43bbe', '#9c36b5', '#862e9c'],
  violet: ['#754eeb', '#7048e8', '#6741d9', '#5939b8'],
  indigo: ['#4463dd', '#3f5fe2', '#3b5bdb', '#3249b8'],
  blue: ['#1b70b9', '#186db9', '#186bb8', '#165b9c'],
  cyan: ['#0f7887', '#0c7686', '#0b7486', '#0a697b'],
  // The brand: Mantine's teal, its 8 (#099268, 3.94:1 on white) darkened to #077956 (5.4:1).
  teal: ['#0c7d5b', '#097b59', '#077956', '#077051'],
  green: ['#2a7d39', '#267b35', '#247934', '#237233'],
  lime: ['#4e7912', '#4b770e', '#47750a', '#48730a'],
  yellow: ['#906503', '#946000', '#9a5a00', '#a05300'],
  orange: ['#ac560e', '#b44b05', '#b54509', '#ad390c'],
};

export const textSafeColors = Object.fromEntries(
  Object.entries(textSafeShades).map(([name, dark]) => [
    name,
    [...DEFAULT_THEME.colors[name]!.slice(0, 6), ...dark] as unknown as MantineColorsTuple,
  ]),
) as Record<keyof typeof textSafeShades, MantineColorsTuple>;

/** One theme for the whole UI. */
export const theme = createTheme({
  colors: textSafeColors,
  primaryColor: 'teal',
  primaryShade: 8,
  defaultRadius: 'md',
  // The ring every control shows when reached by keyboard (2.4.7); text fields get it too (focus.css).
  focusRing: 'auto',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // A visitor who asks the system for less motion gets dialogs and menus without their fade and
  // scale (WCAG 2.3.3); the browser journeys ask for it too, so axe never scans a dialog half
  // faded in, whose colours it then measures blended with the page.
  respectReducedMotion: true,
  // Icon buttons of the shared components, named once here from the catalogue (WCAG 4.1.2): every
  // dialog's and notice's close button, the pagers' arrows and pages.
  components: {
    Alert: withDefaults<AlertProps>({ closeButtonLabel: controls.close }),
    Modal: withDefaults<ModalProps>({ closeButtonProps: { 'aria-label': controls.close } }),
    // A spinner is a live status (4.1.3), and its aria-label is allowed only on an element with a
    // role: a bare span with a label fails axe's aria-prohibited-attr whenever a page is scanned
    // while it loads.
    Loader: withDefaults<LoaderProps & { role: string }>({ role: 'status' }),
    Drawer: withDefaults<DrawerProps>({ closeButtonProps: { 'aria-label': controls.close } }),
    Notification: withDefaults<NotificationProps>({ closeButtonProps: { 'aria-label': controls.close } }),
    Pagination: withDefaults<PaginationProps>({
      getControlProps: (control: 'first' | 'previous' | 'last' | 'next') => ({
        'aria-label': {
          first: controls.firstPage,
          previous: controls.previousPage,
          next: controls.nextPage,
          last: controls.lastPage,
        }[control],
      }),
      getItemProps: (page: number) => ({ 'aria-label': controls.page(page) }),
    }),
  },
});

/**
 * Mantine's light-scheme text colours that fall under 4.5:1 on their backgrounds (placeholder
 * gray.5, 2.1:1; disabled text gray.5 on gray.2, 1.8:1), moved to text-safe shades; the dimmed
 * text is gray.6, made text-safe above.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-disabled-color': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
