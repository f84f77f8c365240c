import type { KnownPointId } from '../../protocol/points/index';
import p1917_1 from './1917-1';
import p1917_2 from './1917-2';
import p2141_1 from './2141-1';
import p2141_2 from './2141-2';
import p2141_3 from './2141-3';
import p2141_4 from './2141-4';
import p2141_5 from './2141-5';
import p2141_6 from './2141-6';
import p2582_10 from './2582-10';
import p2582_11 from './2582-11';
import p2582_16 from './2582-16';
import p2582_17 from './2582-17';
import p2582_18 from './2582-18';
import p2582_19 from './2582-19';
import p2582_20 from './2582-20';
import p2582_21 from './2582-21';
import p2582_22 from './2582-22';
import p2582_24 from './2582-24';
import p2582_25 from './2582-25';
import type { PointHandler } from './define';

/**
 * The explicit registry of access points the gateway serves. Every point of the contract
 * (protocol/points) is here; test/gateway/registry.test.ts checks that nothing is missing.
 */
export const handlers: Record<KnownPointId, PointHandler<any>> = {
  '2141-1': p2141_1,
  '2141-2': p2141_2,
  '2141-3': p2141_3,
  '2141-4': p2141_4,
  '2141-5': p2141_5,
  '2141-6': p2141_6,
  '1917-1': p1917_1,
  '1917-2': p1917_2,
  '2582-10': p2582_10,
  '2582-11': p2582_11,
  '2582-16': p2582_16,
  '2582-17': p2582_17,
  '2582-18': p2582_18,
  '2582-19': p2582_19,
  '2582-20': p2582_20,
  '2582-21': p2582_21,
  '2582-22': p2582_22,
  '2582-24': p2582_24,
  '2582-25': p2582_25,
};

export function findHandler(id: string): PointHandler | undefined {
  return Object.hasOwn(handlers, id) ? handlers[id as KnownPointId] : undefined;
}
