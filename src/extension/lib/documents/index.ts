import auto from './auto';
import { driverBack, driverFace } from './driver-license';
import plate from './plate';
import table from './table';
import taxi from './taxi';
import text from './text';
import train from './train';
import type { DocId, DocumentType } from './types';
import vat from './vat';
import { vehicleBack, vehicleFace } from './vehicle-license';
import vin from './vin';

/** Every document type, in menu order. A test checks it covers docIds and each recognition point. */
export const documents: Record<DocId, DocumentType<any>> = {
  auto,
  plate,
  vin,
  train,
  vat,
  taxi,
  driver_face: driverFace,
  driver_back: driverBack,
  vehicle_face: vehicleFace,
  vehicle_back: vehicleBack,
  text,
  table,
};

export function documentOf(id: DocId): DocumentType<any> {
  return documents[id];
}

export * from './types';
