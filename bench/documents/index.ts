import { driverLicenseBench } from './driver_license';
import { generalBench } from './general';
import { plateBench } from './plate';
import { tableBench } from './table';
import { taxiInvoiceBench } from './taxi_invoice';
import { trainTicketBench } from './train_ticket';
import type { DocumentBench } from './types';
import { vatInvoiceBench } from './vat_invoice';
import { vehicleLicenseBench } from './vehicle_license';
import { vinBench } from './vin';

/**
 * Document types measured by bench:documents. Each type adds its module here
 * (bench/documents/<type>.ts exporting a DocumentBench).
 */
export const documentBenches: DocumentBench[] = [vatInvoiceBench, trainTicketBench, taxiInvoiceBench, tableBench, driverLicenseBench, vehicleLicenseBench, plateBench, vinBench, generalBench];
