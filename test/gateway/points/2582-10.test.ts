import { describeRecognitionPoint } from '../recognition/point-suite';

describeRecognitionPoint({
  point: '2582-10',
  kind: 'table',
  fields: { OutputFormat: 'json', AssureDirection: 'false' },
  invalid: [{ OutputFormat: 'xml' }, { AssureDirection: 'maybe' }],
});
