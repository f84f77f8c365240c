import { describeRecognitionPoint } from '../recognition/point-suite';

describeRecognitionPoint({ point: '2582-17', kind: 'vehicle_license', fields: { Side: 'face' }, required: ['Side'], invalid: [{ Side: 'left' }] });
