import spec from '../../protocol/points/2582-21';
import { recognitionPoint } from '../recognition/point';

/** Taxi invoices (engine kind `taxi_invoice`). */
export default recognitionPoint(spec, {
  kind: 'taxi_invoice',
  urlField: 'ImageURL',
  taskOptions: () => ({}),
});
