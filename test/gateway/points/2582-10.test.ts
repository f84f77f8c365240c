import { describeRecognitionPoint } from '../recognition/point-suite';

describeRecognitionPoint({
  point: '2582-10',
  fields: { OutputFormat: 'json', AssureDirection: 'false' },
  invalid: [{ OutputFormat: 'xml' }, { AssureDirection: 'maybe' }],
});
