import { describeRecognitionPoint } from '../recognition/point-suite';

describeRecognitionPoint({ point: '2582-19', fields: { Side: 'back' }, required: ['Side'], invalid: [{ Side: 'front' }] });
