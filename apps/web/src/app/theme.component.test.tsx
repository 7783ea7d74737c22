import { Loader, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@krowd/domain/messages/messages';
import { theme } from './theme.ts';

describe('the theme’s default props (WCAG 2.2 AA, 4.1.2 and 4.1.3)', () => {
  it('makes every loader a named status, so its label is allowed and read out while a page loads', () => {
    render(
      <MantineProvider theme={theme}>
        <Loader aria-label={messages.common.loading} />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: messages.common.loading })).toBeTruthy();
  });
});
