import { describeRecognitionPoint } from '../recognition/point-suite';

describeRecognitionPoint({ point: '2582-17', fields: { Side: 'face' }, required: ['Side'], invalid: [{ Side: 'left' }] });
