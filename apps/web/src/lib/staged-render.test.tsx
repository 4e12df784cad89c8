import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SNAPSHOT_ID, useRemovePageSnapshot } from './page-snapshot';
import { renderStaged, Staged } from './staged-render';

/**
 * The order pages' staged first render (decision 083), here on React inside `act` (which commits synchronously, as
 * Preact does in the order build). jsdom has no `scheduler.yield`: each part follows on a timer, one per task.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Fields() {
  // As step 1's fields do: the build-time copy gives way once they are drawn.
  useRemovePageSnapshot();
  return <p>picker</p>;
}

function Page() {
  return (
    <div>
      <Fields />
      <Staged>
        <p>languages</p>
        <Staged>
          <p>nested</p>
        </Staged>
      </Staged>
      <Staged>
        <p>files</p>
      </Staged>
    </div>
  );
}

let root: Root | null = null;
let container: HTMLElement;

function mount(): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  return container;
}

const shown = () => [...container.querySelectorAll('p')].map((element) => element.textContent);
const snapshotShown = () => document.getElementById(PAGE_SNAPSHOT_ID) !== null;
/** Runs the page's next task (its next timer). */
const nextTask = () => act(() => void vi.advanceTimersToNextTimer());

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  act(() => root?.unmount());
  root = null;
  container.remove();
  document.getElementById(PAGE_SNAPSHOT_ID)?.remove();
});

describe('staged render', () => {
  it('draws the page without its parts, then one part per task in order, nested ones last; the copy goes at the end', () => {
    const snapshot = document.createElement('div');
    snapshot.id = PAGE_SNAPSHOT_ID;
    document.body.append(snapshot);
    mount();

    act(() => renderStaged(() => root!.render(<Page />)));
    expect(shown()).toEqual(['picker']);
    // The fields are drawn, but the copy stays over the live page until the page is whole.
    expect(snapshotShown()).toBe(true);

    nextTask();
    expect(shown()).toEqual(['picker', 'languages']);
    nextTask();
    expect(shown()).toEqual(['picker', 'languages', 'files']);
    expect(snapshotShown()).toBe(true);
    nextTask();
    expect(shown()).toEqual(['picker', 'languages', 'nested', 'files']);
    expect(snapshotShown()).toBe(true);
    nextTask();
    expect(snapshotShown()).toBe(false);
  });

  it('after the staged render, and outside one, every part renders at once', () => {
    mount();
    act(() => renderStaged(() => root!.render(<Page />)));
    act(() => void vi.runAllTimers());

    const later = document.createElement('div');
    document.body.append(later);
    const laterRoot = createRoot(later);
    act(() => laterRoot.render(<Page />));
    expect([...later.querySelectorAll('p')].map((element) => element.textContent)).toEqual([
      'picker',
      'languages',
      'nested',
      'files',
    ]);
    act(() => laterRoot.unmount());
    later.remove();
  });
});
