import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadYandexMaps } from './yandex-provider';

const scriptTag = () => document.head.querySelector<HTMLScriptElement>('script[src*="api-maps.yandex.ru"]');

describe('Yandex Maps script loader', () => {
  afterEach(() => {
    vi.useRealTimers();
    scriptTag()?.remove();
    delete (window as Window & { ymaps3?: unknown }).ymaps3;
  });

  it('adds the v3 script once and resolves when ymaps3 is ready', async () => {
    const first = loadYandexMaps('key-1');
    const second = loadYandexMaps('key-1');
    expect(document.head.querySelectorAll('script[src*="api-maps.yandex.ru"]')).toHaveLength(1);
    expect(scriptTag()?.src).toBe('https://api-maps.yandex.ru/v3/?apikey=key-1&lang=ru_RU');

    const api = { ready: Promise.resolve() };
    (window as Window & { ymaps3?: unknown }).ymaps3 = api;
    scriptTag()?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
  });

  it('fails when the script cannot be fetched (offline, blocked) and removes the tag for a retry', async () => {
    const loading = loadYandexMaps('key-2');
    scriptTag()?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow('Не удалось загрузить скрипт Яндекс Карт');
    expect(scriptTag()).toBeNull();
  });

  it('gives up after the 5000 ms script wait', async () => {
    vi.useFakeTimers();
    const loading = loadYandexMaps('key-3');
    const settled = expect(loading).rejects.toThrow('Яндекс Карты не загрузились за 5000 мс');
    await vi.advanceTimersByTimeAsync(4999);
    expect(scriptTag()).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(scriptTag()).toBeNull();
  });

  it('refuses to load without a key', () => {
    expect(() => loadYandexMaps('')).toThrow('Не указан API-ключ Яндекс Карт');
  });
});
