import spec from '../../protocol/points/2582-22';
import { recognitionPoint } from '../recognition/point';

/**
 * VAT invoices from an OFD, the tax platform's XML, a PDF or an image (engine kind
 * `vat_invoice`), up to 10 MiB. The intake has checked that FileType agrees with the bytes;
 * the engine picks its reader from the bytes too.
 */
export default recognitionPoint(spec, {
  kind: 'vat_invoice',
  urlField: 'FileURL',
  files: ['pdf', 'ofd', 'xml'],
  taskOptions: (p) => ({ fileType: p.FileType }),
});
