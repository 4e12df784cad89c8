import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

const mantineStyles = () =>
  document.querySelectorAll('style[data-mantine-styles="true"], style[data-mantine-styles="classes"]');

afterEach(() => {
  document.head.querySelectorAll('style[data-mantine-styles]').forEach((style) => style.remove());
});

describe('AppProviders: Mantine styles', () => {
  it('a page without them gets Mantine variables and global classes from the provider', () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <p>page</p>
      </AppProviders>,
    );
    expect(mantineStyles()).toHaveLength(2);
  });

  it('the order pages have them in <head> from the build (decision 083): the provider does not add them again', () => {
    for (const kind of ['true', 'classes']) {
      const style = document.createElement('style');
      style.dataset.mantineStyles = kind;
      document.head.append(style);
    }
    render(
      <AppProviders queryClient={new QueryClient()}>
        <p>page</p>
      </AppProviders>,
    );
    expect(mantineStyles()).toHaveLength(2);
    expect(document.body.querySelectorAll('style[data-mantine-styles="true"]')).toHaveLength(0);
  });
});
