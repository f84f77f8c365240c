import { describeRecognitionPoint } from '../recognition/point-suite';

describeRecognitionPoint({ point: '2582-19', kind: 'driver_license', fields: { Side: 'back' }, required: ['Side'], invalid: [{ Side: 'front' }] });
