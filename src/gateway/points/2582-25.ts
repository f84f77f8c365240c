import spec from '../../protocol/points/2582-25';
import { FILE_MAX_BYTES } from '../../protocol/limits';
import { recognitionPoint } from '../recognition/point';

/**
 * Mixed documents (engine kind `mixed`): every document in an image, or in the first page of a
 * PDF or OFD, up to 10 MiB either way (a sheet of receipts is a large photo).
 */
export default recognitionPoint(spec, {
  kind: 'mixed',
  urlField: 'ImageURL',
  files: ['pdf', 'ofd'],
  imageMaxBytes: FILE_MAX_BYTES,
  taskOptions: () => ({}),
});
