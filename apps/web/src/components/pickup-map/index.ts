/**
 * Lazy entry of the pickup map: `const PickupPointMap = lazy(() => import('@/features/pickup-map'))`.
 * Import nothing else from this folder statically, or the map code lands in the order form's chunk.
 */
import { PickupPointMap } from './components/pickup-point-map';

export { PickupPointMap };
export type { PickupPointMapProps, MapStatus } from './components/pickup-point-map';
export type { MapProvider } from './map/map-adapter';
export default PickupPointMap;
