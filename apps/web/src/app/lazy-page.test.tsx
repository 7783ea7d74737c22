import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from './providers.tsx';
import { lazyPage } from './lazy-page.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyPage', () => {
  it('loads a page ahead when asked, once, and draws it from that load when shown', async () => {
    const load = vi.fn(async () => ({ Greeting }));
    const Page = lazyPage(load, 'Greeting');

    await Promise.all([Page.preload(), Page.preload()]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Page name="Ada" />
      </AppProviders>,
    );

    expect(await screen.findByText('Hello Ada')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
