import { render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Здравствуйте, {name}</p>;
}

function renderInSuspense(Component: ComponentType<{ name: string }>) {
  return render(
    <Suspense fallback={<p>Загрузка…</p>}>
      <Component name="Анна" />
    </Suspense>,
  );
}

describe('lazyComponent', () => {
  it('renders in the first render, without its fallback, once its code has been loaded', async () => {
    const { load, Component } = lazyComponent(() => Promise.resolve(Greeting));
    await load();
    renderInSuspense(Component);
    // Synchronously: the order pages' build (preact/compat) commits whatever the first render draws.
    expect(screen.getByText('Здравствуйте, Анна')).toBeInTheDocument();
    expect(screen.queryByText('Загрузка…')).not.toBeInTheDocument();
  });

  it('suspends until its code arrives when it has not been loaded', async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    const { Component } = lazyComponent(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    renderInSuspense(Component);
    expect(screen.getByText('Загрузка…')).toBeInTheDocument();
    arrive(Greeting);
    expect(await screen.findByText('Здравствуйте, Анна')).toBeInTheDocument();
  });
});
