import { describe, expect, it } from 'vitest';
import { computeBounds } from './map-geometry';
import {
  requireApiKey,
  requireControlPosition,
  requireCoordinates,
  requireLocation,
  validateInitOptions,
} from './map-validation';
import { buildYandexScriptUrl } from './yandex-provider';

describe('map loader validation (spec 5)', () => {
  it('requires an API key', () => {
    expect(() => requireApiKey(null)).toThrow('Не указан API-ключ Яндекс Карт');
    expect(() => requireApiKey(undefined)).toThrow('Не указан API-ключ Яндекс Карт');
    expect(() => requireApiKey('   ')).toThrow('Не указан API-ключ Яндекс Карт');
    expect(requireApiKey(' key-1 ')).toBe('key-1');
  });

  it('builds the v3 script URL with apikey and lang=ru_RU by default, and refuses one without a key', () => {
    expect(buildYandexScriptUrl('abc')).toBe('https://api-maps.yandex.ru/v3/?apikey=abc&lang=ru_RU');
    expect(buildYandexScriptUrl('abc', 'en_US')).toBe('https://api-maps.yandex.ru/v3/?apikey=abc&lang=en_US');
    expect(() => buildYandexScriptUrl('')).toThrow('Не указан API-ключ Яндекс Карт');
  });

  it('requires a location (centre and zoom) for the map', () => {
    expect(() => requireLocation(undefined)).toThrow('Не указано местоположение карты');
    expect(() => requireLocation({ zoom: 10 })).toThrow('нет координат центра');
    expect(() => requireLocation({ center: [55.7, 37.6] })).toThrow('нет масштаба');
    expect(requireLocation({ center: [55.7, 37.6], zoom: 10 })).toEqual({ center: [55.7, 37.6], zoom: 10 });
  });

  it('requires coordinates for a marker', () => {
    expect(() => requireCoordinates(undefined)).toThrow('Не указаны координаты метки');
    expect(() => requireCoordinates([55.7])).toThrow('Не указаны координаты метки');
    expect(() => requireCoordinates([Number.NaN, 37.6])).toThrow('Не указаны координаты метки');
    expect(() => requireCoordinates([95, 37.6])).toThrow('Не указаны координаты метки');
    expect(() => requireCoordinates(['55.7', '37.6'])).toThrow('Не указаны координаты метки');
    expect(requireCoordinates([55.7, 37.6])).toEqual([55.7, 37.6]);
  });

  it('requires a position for controls', () => {
    expect(() => requireControlPosition(undefined)).toThrow(
      'Не указано положение элементов управления карты',
    );
    expect(() => requireControlPosition('middle')).toThrow('Не указано положение элементов управления карты');
    expect(requireControlPosition('top-right')).toBe('top-right');
  });

  it('needs at least two coordinates to compute bounds', () => {
    expect(() => computeBounds([])).toThrow('нужно не меньше двух координат');
    expect(() => computeBounds([[55.7, 37.6]])).toThrow('нужно не меньше двух координат');
  });

  it('rejects unknown initialisation option keys', () => {
    const location = { center: [55.75, 37.62] as const, zoom: 10 };
    expect(() => validateInitOptions({ location, zom: 3 })).toThrow(
      'Неизвестные параметры инициализации карты: zom',
    );
    expect(() => validateInitOptions({ location, foo: 1, bar: 2 })).toThrow(
      'Неизвестные параметры инициализации карты: foo, bar',
    );
    expect(() => validateInitOptions({ minZoom: 5 })).toThrow('Не указано местоположение карты');
    expect(validateInitOptions({ location, minZoom: 5, maxZoom: 18, lang: 'ru_RU', apiKey: 'k' })).toEqual({
      location: { center: [55.75, 37.62], zoom: 10 },
      minZoom: 5,
      maxZoom: 18,
      lang: 'ru_RU',
      apiKey: 'k',
    });
  });
});
