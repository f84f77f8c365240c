import spec from '../../protocol/points/2582-18';
import { recognitionPoint } from '../recognition/point';

/** Vehicle identification number (engine kind `vin`). */
export default recognitionPoint(spec, {
  kind: 'vin',
  urlField: 'ImageURL',
  taskOptions: () => ({}),
});
