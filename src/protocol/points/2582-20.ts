import { z } from 'zod';
import { definePoint } from '../point';
import { imageRequest, recognitionBody, xywh } from '../recognition';

export const plateTypes = [
  '小型汽车',
  '新能源车',
  '大型汽车',
  '挂车',
  '教练车',
  '警车',
  '军车',
  '使领馆车',
  '港澳车',
] as const;

export const plateData = z.object({
  Plates: z.array(
    z.object({
      Roi: xywh.describe('plate top-left corner and size'),
      PlateType: z.enum(plateTypes),
      PlateNumber: z.string().describe('plate number without the middle dot, e.g. 京A12345'),
      Confidence: z.number().min(0).max(1),
      PlateTypeConfidence: z.number().min(0).max(1),
    }),
  ),
});

export default definePoint({
  id: '2582-20',
  title: '车牌识别',
  summary: 'License plate recognition; every plate in the image.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({ ...imageRequest }),
  response: recognitionBody(plateData),
});
