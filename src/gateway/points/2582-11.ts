import spec from '../../protocol/points/2582-11';
import { recognitionPoint } from '../recognition/point';

/** General text, every line in reading order (engine kind `general`). */
export default recognitionPoint(spec, {
  kind: 'general',
  urlField: 'ImageURL',
  taskOptions: (p) => ({ minHeight: p.MinHeight, outputProbability: p.OutputProbability }),
});
