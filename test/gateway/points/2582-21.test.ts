import { describeRecognitionPoint } from '../recognition/point-suite';

describeRecognitionPoint({ point: '2582-21', kind: 'taxi_invoice' });
