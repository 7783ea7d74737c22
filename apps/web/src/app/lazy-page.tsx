import { Loader } from '@mantine/core';
import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { signInMessages } from '@krowd/domain/messages/sign-in-messages';

type PropsOf<Page> = Page extends ComponentType<infer Props> ? Props : never;

/** A lazy page that can also be asked to load ahead of being shown. */
export type LazyPage<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

/**
 * A page loaded as a chunk of its own the first time it is shown (the bundler splits at the
 * dynamic import), with the app's loader meanwhile, or `fallback` if given. The stylesheets of Mantine's components the
 * login does not use come with it (lazy-page-styles.ts), before it draws. Pages are named exports,
 * so the module's export is picked by name.
 */
export function lazyPage<Name extends string, Module extends Record<Name, ComponentType<never>>>(
  load: () => Promise<Module>,
  name: Name,
  fallback: ReactNode = <Loader aria-label={signInMessages.common.loading} m="xl" />,
): LazyPage<PropsOf<Module[Name]>> {
  let loading: Promise<{ default: ComponentType<object> }> | undefined;
  const preload = () => {
    loading ??= Promise.all([import('./lazy-page-styles.ts'), load()]).then(([, module]) => ({
      default: module[name] as ComponentType<object>,
    }));
    return loading;
  };
  const Page = lazy(preload);
  function LazyPage(props: PropsOf<Module[Name]>) {
    return <Suspense fallback={fallback}>{createElement(Page, props as object)}</Suspense>;
  }
  LazyPage.displayName = `Lazy(${name})`;
  LazyPage.preload = preload;
  return LazyPage;
}
