import spec from '../../protocol/points/2582-24';
import { recognitionPoint } from '../recognition/point';

/** Train tickets (engine kind `train_ticket`): photos, and railway e-tickets as their PDF or OFD (up to 10 MiB). */
export default recognitionPoint(spec, {
  kind: 'train_ticket',
  urlField: 'ImageURL',
  files: ['pdf', 'ofd'],
  taskOptions: () => ({}),
});
