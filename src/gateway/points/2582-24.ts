import spec from '../../protocol/points/2582-24';
import { recognitionPoint } from '../recognition/point';

/** Train tickets (engine kind `train_ticket`). */
export default recognitionPoint(spec, {
  kind: 'train_ticket',
  urlField: 'ImageURL',
  taskOptions: () => ({}),
});
