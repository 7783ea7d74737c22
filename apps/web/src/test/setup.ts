import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installCatalogueErrors } from '@krowd/domain/validation/catalogue-errors';

// As main.tsx does: the catalogue's messages, and no list of common passwords (the server has it).
installCatalogueErrors();

// findBy and waitFor wait for what a test expects to appear, and pass as soon as it does: their
// 1 s default failed tests on a shared machine under load (a Mantine select opening, a debounced
// call). A generous limit costs nothing when the screen is right.
configure({ asyncUtilTimeout: 4000 });

// Mantine reads the colour-scheme media query; happy-dom has no matchMedia.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

afterEach(() => cleanup());
