import spec from '../../protocol/points/2582-20';
import { recognitionPoint } from '../recognition/point';

/** License plates (engine kind `plate`). */
export default recognitionPoint(spec, {
  kind: 'plate',
  urlField: 'ImageURL',
  taskOptions: () => ({}),
});
