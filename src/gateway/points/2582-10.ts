import spec from '../../protocol/points/2582-10';
import { recognitionPoint } from '../recognition/point';

/** Tables with complete ruling lines (engine kind `table`). */
export default recognitionPoint(spec, {
  kind: 'table',
  urlField: 'ImageURL',
  taskOptions: (p) => ({ outputFormat: p.OutputFormat, assureDirection: p.AssureDirection }),
});
