import spec from '../../protocol/points/2582-17';
import { recognitionPoint } from '../recognition/point';

/** Vehicle license, face or back page (engine kind `vehicle_license`). */
export default recognitionPoint(spec, {
  kind: 'vehicle_license',
  urlField: 'ImageURL',
  taskOptions: (p) => ({ side: p.Side }),
});
