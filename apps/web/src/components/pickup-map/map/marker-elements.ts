import type { GeoItem, MapGroup } from './map-geometry';

export type MarkerClasses = {
  anchor: string;
  marker: string;
  markerSelected: string;
  cluster: string;
  clusterSelected: string;
};

type Handlers<T extends GeoItem> = {
  onSelect(item: T): void;
  onClusterClick(group: MapGroup<T>): void;
};

function pluralPoints(count: number): string {
  const mod10 = count % 10;
  const mod100 = count % 100;
  if (mod10 === 1 && mod100 !== 11) return 'пункт';
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return 'пункта';
  return 'пунктов';
}

/**
 * A marker as a real <button> (keyboard and screen readers reach it) inside a zero-size anchor placed at the
 * coordinate; CSS lifts the button above the point. Text goes in via textContent, never as HTML.
 */
export function createMarkerElement<T extends GeoItem & { name: string }>(
  group: MapGroup<T>,
  selectedId: string | null,
  classes: MarkerClasses,
  handlers: Handlers<T>,
): HTMLElement {
  const anchor = document.createElement('div');
  anchor.className = classes.anchor;
  const button = document.createElement('button');
  button.type = 'button';
  const isSelected = group.items.some((item) => item.id === selectedId);
  const [single] = group.items;

  if (group.items.length === 1 && single) {
    button.className = isSelected ? `${classes.marker} ${classes.markerSelected}` : classes.marker;
    button.textContent = single.name;
    button.setAttribute('aria-pressed', String(isSelected));
    button.dataset.pointId = single.id;
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      handlers.onSelect(single);
    });
  } else {
    const count = group.items.length;
    button.className = isSelected ? `${classes.cluster} ${classes.clusterSelected}` : classes.cluster;
    button.textContent = String(count);
    button.setAttribute('aria-label', `${count} ${pluralPoints(count)} выдачи — приблизить`);
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      handlers.onClusterClick(group);
    });
  }
  anchor.append(button);
  return anchor;
}
