import { z } from 'zod';
import { definePoint } from '../point';
import { imageRequest, recognitionBody } from '../recognition';

export const vinData = z.object({
  VinCode: z.string().describe('17-character vehicle identification number; empty when none was found'),
});

export default definePoint({
  id: '2582-18',
  title: '车辆 VIN 码识别',
  summary: 'Vehicle identification number (VIN) recognition.',
  methods: ['POST'],
  auth: 'any',
  acceptsAsync: true,
  request: z.object({ ...imageRequest }),
  response: recognitionBody(vinData),
});
