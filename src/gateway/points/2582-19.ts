import spec from '../../protocol/points/2582-19';
import { recognitionPoint } from '../recognition/point';

/** Driver license, face or back page (engine kind `driver_license`). */
export default recognitionPoint(spec, {
  kind: 'driver_license',
  urlField: 'ImageURL',
  taskOptions: (p) => ({ side: p.Side }),
});
